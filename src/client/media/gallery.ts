// The photo gallery's script of the product and kitchen pages (no island), compiled to /_app/media/gallery.js by
// src/integrations/overlays.ts: a file rather than inline, so that those pages stay within 14 KB compressed.
//
// The gallery (src/components/MediaGallery.astro) is a CSS scroll-snap strip that works by touch and scrolling alone;
// this adds the "Vorige foto"/"Volgende foto" buttons and the "Foto 1 van 3" count, the arrow keys (one photo per
// press, focus follows), and a single tab stop on the photo in view. A click on a link marked data-zoom (a photo, or
// an energy label on this site) opens the image in a modal <dialog> instead of leaving the page; Escape, "Sluiten" or
// a click beside the image closes it. Without JavaScript those links open the image.

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

function attachGallery(gallery: Element): void {
  const track = gallery.querySelector<HTMLElement>('[data-track]');
  const count = gallery.querySelector('[data-count]');
  const prev = gallery.querySelector<HTMLButtonElement>('[data-prev]');
  const next = gallery.querySelector<HTMLButtonElement>('[data-next]');
  const nav = gallery.querySelector<HTMLElement>('[data-nav]');
  if (!track || !count || !prev || !next || !nav) return;
  const slides = Array.from(track.children);
  const n = slides.length;
  if (n < 2) return;
  nav.hidden = false;
  let current = 0;
  // The photo the buttons or keys are moving to; null while the shopper scrolls by hand.
  let goal: number | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;

  const mark = (k: number) => {
    current = k;
    count.textContent = `Foto ${k + 1} van ${n}`;
    prev.disabled = k === 0;
    next.disabled = k === n - 1;
    slides.forEach((slide, j) => {
      const link = slide.querySelector('a');
      if (link) link.tabIndex = j === k ? 0 : -1;
    });
  };
  const scrollTo = (k: number) => track.scrollTo({ left: k * track.clientWidth, behavior: reducedMotion.matches ? 'auto' : 'smooth' });
  const go = (k: number, focus = false) => {
    const to = Math.max(0, Math.min(n - 1, k));
    goal = to;
    const link = focus ? slides[to]?.querySelector('a') : null;
    link?.focus({ preventScroll: true });
    scrollTo(to);
    mark(to);
  };
  const inView = () => Math.round(track.scrollLeft / track.clientWidth);

  prev.onclick = () => go(current - 1);
  next.onclick = () => go(current + 1);
  // The shopper's own scrolling (swipe, wheel, drag) takes over from the buttons and keys.
  for (const type of ['pointerdown', 'wheel', 'touchstart']) {
    track.addEventListener(
      type,
      () => {
        goal = null;
      },
      { passive: true },
    );
  }
  track.addEventListener(
    'scroll',
    () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        if (goal === null) mark(inView());
      }, 80);
    },
    { passive: true },
  );
  // A scroll that stopped short (one interrupted by another) goes on to its photo, or to the nearer one.
  track.addEventListener('scrollend', () => {
    const k = goal ?? inView();
    if (Math.abs(track.scrollLeft - k * track.clientWidth) > 1) scrollTo(k);
    else goal = null;
  });
  track.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    go(current + step, true);
  });
  mark(0);
}

function openZoom(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-zoom]');
  if (!link || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  if (link.origin !== location.origin || !window.HTMLDialogElement) return;
  event.preventDefault();
  const dialog = document.createElement('dialog');
  const label = link.querySelector('img')?.alt || link.dataset.zoom || '';
  dialog.className = 'zoom';
  dialog.setAttribute('aria-label', label);
  dialog.innerHTML = '<form method="dialog"><button class="btn secondary">Sluiten</button></form><img>';
  const image = dialog.querySelector('img') as HTMLImageElement;
  image.alt = label;
  image.src = link.href;
  dialog.addEventListener('click', (click) => {
    if (click.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    link.focus();
  });
  document.body.appendChild(dialog);
  dialog.showModal();
}

document.querySelectorAll('[data-gallery]').forEach(attachGallery);
document.addEventListener('click', openZoom);
