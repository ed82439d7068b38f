// The two desktop overlays (mega menu, live-chat panel) load lazily, on first intent, and only when the
// initial breakpoint is md or larger. This inline script is all a content page runs until then. Every live-chat
// launcher (the footer's, a product page's "Chat over dit product") opens the same panel.
import { STAFF_KEY } from '../staff-keys.ts';

export const MD_QUERY = '(min-width: 768px)';

// It also loads the staff display (src/client/staff/display.ts) when staff are signed in, before the breakpoint
// check: staff use phones in the store too. A guest's page only reads one localStorage key for it.
export const overlayLoaderScript = `(function(){try{if(localStorage.getItem('${STAFF_KEY}'))import('/_app/staff/display.js')}catch(x){}if(!matchMedia('${MD_QUERY}').matches)return;function l(n){return import('/_app/overlays/'+n+'.js')}var n=document.querySelector('nav.main');if(n){var o=function(e){n.removeEventListener('pointerover',o);n.removeEventListener('focusin',o);l('mega-menu').then(function(m){m.init(n,e.target)})};n.addEventListener('pointerover',o);n.addEventListener('focusin',o)}document.querySelectorAll('[data-overlay=live-chat]').forEach(function(c){c.addEventListener('click',function(e){e.preventDefault();l('live-chat').then(function(m){m.toggle(c)})})})})()`;
