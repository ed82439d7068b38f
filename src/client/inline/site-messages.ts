// Inline after the site messages of a page (src/components/SiteMessages.astro), before anything below is painted, so
// nothing moves: shows each message (../../domain/site-messages.ts) whose time has come (data-from, data-until) and
// that this browser's visitor did not close, and remembers a close. At most 50 closed ids are kept.
import { DISMISSED_KEY } from '../../domain/site-messages.ts';

let closed: string[] = [];
try {
  closed = JSON.parse(localStorage.getItem(DISMISSED_KEY) || '[]');
} catch {}
if (!Array.isArray(closed)) closed = [];
const now = Date.now();
document.querySelectorAll<HTMLElement>('[data-site-message]').forEach((message) => {
  const { from, until, siteMessage: id } = message.dataset as { from: string; until: string; siteMessage: string };
  if (now >= Date.parse(from) && now < Date.parse(until) && closed.indexOf(id) < 0) message.hidden = false;
  const close = message.querySelector('button');
  if (close)
    close.addEventListener('click', () => {
      message.hidden = true;
      closed.push(id);
      try {
        localStorage.setItem(DISMISSED_KEY, JSON.stringify(closed.slice(-50)));
      } catch {}
    });
});
