// Hands a staff login's token to the shop's own pages, so that the shop shows a signed-in staff member the display
// flags of their role (the app state answers by the token it is sent). The back office's pages carry a JSON block
// `staff-hand-over`: `{token, role, name}` while signed in, `{}` after a log-out. This inline script (no file, no
// framework) keeps the visitor's guest token aside while a staff token is in use and puts it back afterwards, so the
// cart the visitor had stays theirs. `app-local-staff` tells the shop's pages, without a request, that staff are
// signed in (they then load their staff tools; a guest's page loads nothing more).
import { TOKEN_KEY } from './app-state.ts';
import { GUEST_TOKEN_KEY, STAFF_KEY } from './staff-keys.ts';

export const staffTokenScript = `(function(){try{var e=document.getElementById('staff-hand-over'),h=JSON.parse(e.textContent||'{}'),s=localStorage,t=s.getItem('${TOKEN_KEY}'),w=s.getItem('${STAFF_KEY}');if(h.token){if(!w&&t)s.setItem('${GUEST_TOKEN_KEY}',t);s.setItem('${TOKEN_KEY}',h.token);s.setItem('${STAFF_KEY}',JSON.stringify({role:h.role,name:h.name}))}else if(w){var g=s.getItem('${GUEST_TOKEN_KEY}');g?s.setItem('${TOKEN_KEY}',g):s.removeItem('${TOKEN_KEY}');s.removeItem('${GUEST_TOKEN_KEY}');s.removeItem('${STAFF_KEY}')}}catch(x){}})()`;
