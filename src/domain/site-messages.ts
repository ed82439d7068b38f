// Site messages (issue 12): a short notice bar ("Tweede Kerstdag zijn onze winkels gesloten") shown between two
// instants on the pages it names, which a shopper may close for good. Pure: the build renders every message a page
// may show, the page's inline script (src/client/inline/site-messages.ts) shows those that are current and not
// closed, so a message appears and goes at its time without a rebuild; the API answers the current ones.
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
export const DISMISSED_KEY = 'app-local-dismissed-messages';
