// Colour scheme preference: 'light', 'dark' or 'system' (follows prefers-color-scheme), stored in localStorage.
// The head script (inline/color-scheme-head.ts) applies it before first paint, so there is no flash of the wrong
// scheme; the toggle script (inline/color-scheme-toggle.ts) wires the footer's radio buttons. Both are tiny inline
// scripts: pages without islands load no JS file.

export const COLOR_SCHEME_KEY = 'app-color-scheme';

/** window.__scheme(mode?) applies a mode (or the stored one): set by the head script, reused by the toggle script. */
export type ColorSchemeWindow = Window & { __scheme?: (mode?: string | null) => void };
