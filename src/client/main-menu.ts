// The header's main menu as one stop in the tab order: a menu bar (the WAI-ARIA "navigation menubar" pattern) whose
// entries the arrow keys move between. Without it every entry was a Tab stop of its own, on every page (with the
// submenus' links, 68 presses from the top of the cart page to "Afrekenen"). Without JavaScript the menu stays a
// list of plain links. The submenus (desktop only) are the lazy mega menu's (overlays/mega-menu.ts): it opens them
// with ArrowDown or Space and moves inside them; ArrowLeft and ArrowRight there still move along the bar (here).
//
// Hand-minified inline script, under 1 KB (a test checks), run right after the menu in the header, whose list carries
// the bar's name (aria-label). u = the list, L = its entries' links, v() = the entries shown at this width (the
// others are display:none per breakpoint), t(a) = make a the bar's one Tab stop, f() = keep that stop on a shown
// entry (on load and when the width changes).
export const mainMenuScript = `(function(){var u=document.querySelector('nav.main>ul');if(!u)return;var L=[].slice.call(u.querySelectorAll(':scope>li>a'));u.setAttribute('role','menubar');L.forEach(function(a){a.parentNode.setAttribute('role','none');a.setAttribute('role','menuitem')});function v(){return L.filter(function(a){return a.getClientRects().length})}function t(a){L.forEach(function(b){b.tabIndex=b===a?0:-1})}function f(){var c=v();if(c.indexOf(L.filter(function(a){return a.tabIndex===0})[0])<0)t(c[0])}f();addEventListener('resize',f);u.addEventListener('focusin',function(e){if(L.indexOf(e.target)>=0)t(e.target)});u.addEventListener('keydown',function(e){var c=v(),k=e.key,li=e.target.closest('nav.main>ul>li'),i=c.indexOf(li&&li.firstElementChild),top=L.indexOf(e.target)>=0,n;if(i<0)return;if(k==='ArrowRight')n=c[(i+1)%c.length];else if(k==='ArrowLeft')n=c[(i+c.length-1)%c.length];else if(top&&k==='Home')n=c[0];else if(top&&k==='End')n=c[c.length-1];if(n){e.preventDefault();t(n);n.focus()}})})()`;
