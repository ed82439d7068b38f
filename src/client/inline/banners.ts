// Inline at the end of a banner slot (src/components/Banners.astro), before anything below is painted, so nothing
// moves: shows the first banner of the slot (../../domain/banners.ts) whose time has come (data-from, data-until) and
// hides the rest. The slot is the script's parent element.

const slot = document.currentScript!.parentNode as ParentNode;
const now = Date.now();
let shown = false;
slot.querySelectorAll<HTMLElement>('[data-banner]').forEach((banner) => {
  const show = !shown && now >= Date.parse(banner.dataset.from!) && now < Date.parse(banner.dataset.until!);
  banner.hidden = !show;
  if (show) shown = true;
});

export {};
