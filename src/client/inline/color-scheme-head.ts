// Inline in every page's <head> (src/layouts/Shell.astro, BackOffice.astro): applies the stored colour scheme before
// first paint as html[data-scheme-mode] (light, dark or system) and html[data-scheme] (light or dark), and follows the
// system's scheme while the mode is 'system'.
import { COLOR_SCHEME_KEY, type ColorSchemeWindow } from '../color-scheme.ts';

const root = document.documentElement;
const systemDark = matchMedia('(prefers-color-scheme: dark)');

function apply(mode?: string | null): void {
  try {
    mode = mode || localStorage.getItem(COLOR_SCHEME_KEY);
  } catch {}
  if (mode !== 'light' && mode !== 'dark') mode = 'system';
  root.dataset.schemeMode = mode;
  root.dataset.scheme = mode === 'system' ? (systemDark.matches ? 'dark' : 'light') : mode;
}

(window as ColorSchemeWindow).__scheme = apply;
apply();
systemDark.addEventListener('change', () => apply());
