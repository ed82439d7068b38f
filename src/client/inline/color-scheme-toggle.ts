// Inline after the footer's colour scheme radio buttons (#scheme): checks the current mode and, on a change, stores
// the new one and applies it with the head script's window.__scheme.
import { COLOR_SCHEME_KEY, type ColorSchemeWindow } from '../color-scheme.ts';

const form = document.getElementById('scheme');
if (form) {
  const current = form.querySelector<HTMLInputElement>(`input[value="${document.documentElement.dataset.schemeMode}"]`);
  if (current) current.checked = true;
  form.addEventListener('change', (event) => {
    const mode = (event.target as HTMLInputElement).value;
    try {
      localStorage.setItem(COLOR_SCHEME_KEY, mode);
    } catch {}
    (window as ColorSchemeWindow).__scheme!(mode);
  });
}
