// Inline after the phone's sticky buy bar (src/components/StickyBuyBar.astro): the bar with price and
// "In winkelwagen" shows while the buy box (#buy-box) is out of view, and echoes the buy box's message after an add.

const bar = document.querySelector('.sticky-buy-bar');
const box = document.getElementById('buy-box');
if (bar && box && window.IntersectionObserver) {
  new IntersectionObserver((entries) => {
    bar.classList.toggle('is-hidden', entries[entries.length - 1]!.isIntersecting);
  }).observe(box);
  const message = box.querySelector('.cart-message');
  const echo = bar.querySelector('[data-message]');
  if (message && echo)
    new MutationObserver(() => {
      echo.textContent = message.textContent;
    }).observe(message, { childList: true, subtree: true, characterData: true });
}

export {};
