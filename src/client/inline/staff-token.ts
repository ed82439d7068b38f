// Inline in the back office's pages (src/layouts/BackOffice.astro): hands a staff login's token to the shop's own
// pages, so that the shop shows a signed-in staff member the display flags of their role (the app state answers by
// the token it is sent). The page carries a JSON block `staff-hand-over`: `{token, role, name}` while signed in, `{}`
// after a log-out. This script keeps the visitor's guest token aside while a staff token is in use and puts it back
// afterwards, so the cart the visitor had stays theirs. `app-local-staff` tells the shop's pages, without a request,
// that staff are signed in (they then load their staff tools; a guest's page loads nothing more).
import { TOKEN_KEY } from '../app-state.ts';
import { GUEST_TOKEN_KEY, STAFF_KEY } from '../staff-keys.ts';

type HandOver = { token?: string; role?: string; name?: string };

try {
  const handOver: HandOver = JSON.parse(document.getElementById('staff-hand-over')!.textContent || '{}');
  const storage = localStorage;
  const token = storage.getItem(TOKEN_KEY);
  const staff = storage.getItem(STAFF_KEY);
  if (handOver.token) {
    if (!staff && token) storage.setItem(GUEST_TOKEN_KEY, token);
    storage.setItem(TOKEN_KEY, handOver.token);
    storage.setItem(STAFF_KEY, JSON.stringify({ role: handOver.role, name: handOver.name }));
  } else if (staff) {
    const guest = storage.getItem(GUEST_TOKEN_KEY);
    if (guest) storage.setItem(TOKEN_KEY, guest);
    else storage.removeItem(TOKEN_KEY);
    storage.removeItem(GUEST_TOKEN_KEY);
    storage.removeItem(STAFF_KEY);
  }
} catch {}
