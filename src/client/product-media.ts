// The photo gallery's script of the product and kitchen pages (no island, no bundle), written to /_app/media/gallery.js.
//
// mediaScript: the photo gallery (src/components/MediaGallery.astro) is a CSS scroll-snap strip that works by touch
// and scrolling alone; the script adds the "Vorige foto"/"Volgende foto" buttons and the "Foto 1 van 3" count, the
// arrow keys (one photo per press, focus follows), and a single tab stop on the photo in view. A click on a link
// marked data-zoom (a photo, or an energy label on this site) opens the image in a modal <dialog> instead of leaving
// the page; Escape, "Sluiten" or a click beside the image closes it. Without JavaScript those links open the image.

export const mediaScript =
  "(function(){var D=document,R=matchMedia('(prefers-reduced-motion: reduce)');" +
  "D.querySelectorAll('[data-gallery]').forEach(function(g){var t=g.querySelector('[data-track]'),s=[].slice.call(t.children),n=s.length,c=g.querySelector('[data-count]'),P=g.querySelector('[data-prev]'),N=g.querySelector('[data-next]'),i=0,G=null,w;" +
  "if(n<2)return;g.querySelector('[data-nav]').hidden=false;" +
  "function mark(k){i=k;c.textContent='Foto '+(k+1)+' van '+n;P.disabled=!k;N.disabled=k==n-1;s.forEach(function(e,j){var a=e.querySelector('a');if(a)a.tabIndex=j==k?0:-1})}" +
  "function to(k){t.scrollTo({left:k*t.clientWidth,behavior:R.matches?'auto':'smooth'})}" +
  "function go(k,f){k=Math.max(0,Math.min(n-1,k));G=k;var a=f&&s[k].querySelector('a');if(a)a.focus({preventScroll:true});to(k);mark(k)}" +
  'P.onclick=function(){go(i-1)};N.onclick=function(){go(i+1)};' +
  // The shopper's own scrolling (swipe, wheel, drag) takes over from the buttons and keys.
  "['pointerdown','wheel','touchstart'].forEach(function(e){t.addEventListener(e,function(){G=null},{passive:true})});" +
  "t.addEventListener('scroll',function(){clearTimeout(w);w=setTimeout(function(){if(G==null)mark(Math.round(t.scrollLeft/t.clientWidth))},80)},{passive:true});" +
  // A scroll that stopped short (one interrupted by another) goes on to its photo, or to the nearer one.
  "t.addEventListener('scrollend',function(){var k=G==null?Math.round(t.scrollLeft/t.clientWidth):G;if(Math.abs(t.scrollLeft-k*t.clientWidth)>1)to(k);else G=null});" +
  "t.addEventListener('keydown',function(e){var d=e.key=='ArrowRight'?1:e.key=='ArrowLeft'?-1:0;if(d){e.preventDefault();go(i+d,1)}});mark(0)});" +
  "D.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[data-zoom]');" +
  'if(!a||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey||a.origin!=location.origin||!window.HTMLDialogElement)return;e.preventDefault();' +
  "var d=D.createElement('dialog'),m=a.querySelector('img'),p=(m&&m.alt)||a.dataset.zoom;d.className='zoom';d.setAttribute('aria-label',p);" +
  'd.innerHTML=\'<form method="dialog"><button class="btn secondary">Sluiten</button></form><img>\';var im=d.querySelector(\'img\');im.alt=p;im.src=a.href;' +
  "d.addEventListener('click',function(e){if(e.target==d)d.close()});d.addEventListener('close',function(){d.remove();a.focus()});" +
  'D.body.appendChild(d);d.showModal()})})()';
