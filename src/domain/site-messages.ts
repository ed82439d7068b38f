// Site messages (issue 12): a short notice bar ("Tweede Kerstdag zijn onze winkels gesloten") shown between two
// instants on the pages it names, which a shopper may close for good. Pure: the build renders every message a page
// may show, the page's inline script (siteMessagesScript) shows those that are current and not closed, so a message
// appears and goes at its time without a rebuild; the API answers the current ones.
export type SiteMessage = {
  id: string;
  text: string;
  link: { href: string; label: string } | null;
  /** ISO 8601 instants with their offset (Europe/Amsterdam as the editor means it). */
  from: string;
  until: string;
  /** Path prefixes the message shows on; ['/'] is every page. */
  pages: string[];
  dismissible: boolean;
};

export function isCurrent(message: Pick<SiteMessage, 'from' | 'until'>, now: Date): boolean {
  const at = now.getTime();
  return Date.parse(message.from) <= at && at < Date.parse(message.until);
}

export function showsOn(message: Pick<SiteMessage, 'pages'>, path: string): boolean {
  return message.pages.some((prefix) => path.startsWith(prefix));
}

/** Where a browser keeps the ids of the messages its visitor closed. */
const DISMISSED_KEY = 'app-local-dismissed-messages';

/**
 * The inline script that follows the messages in the page (before anything below is painted, so nothing moves): shows
 * each message whose time has come and that was not closed, and remembers a close. At most 50 ids are kept.
 */
export const siteMessagesScript = `(function(){var k='${DISMISSED_KEY}',d=[];try{d=JSON.parse(localStorage.getItem(k)||'[]')}catch(e){}if(!Array.isArray(d))d=[];var n=Date.now();document.querySelectorAll('[data-site-message]').forEach(function(m){var f=Date.parse(m.dataset.from),u=Date.parse(m.dataset.until);if(n>=f&&n<u&&d.indexOf(m.dataset.siteMessage)<0)m.hidden=false;var b=m.querySelector('button');if(b)b.addEventListener('click',function(){m.hidden=true;d.push(m.dataset.siteMessage);try{localStorage.setItem(k,JSON.stringify(d.slice(-50)))}catch(e){}})})})()`;
