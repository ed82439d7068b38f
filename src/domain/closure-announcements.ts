// Content must not contradict itself: a site message or banner that announces a closure on a date ("Eerste Kerstdag
// (25 december) zijn onze winkels gesloten") must agree with content/settings/special-dates.yaml, which the store pages
// show. Every sentence with "gesloten" and a date ('25 december', '1 januari 2027') is read; the part it speaks of is
// the one it names (winkel → stores, klantenservice → support, bezorg/lever → delivery, webshop → webshop; none named:
// stores) and that part needs a special date with `closed: true` on that day. A date without a year is the first such
// day on or after the day the message starts showing. Pure: the build (src/lib/content.ts) and the server's start
// (src/server/content/catalog.ts) both run it, with Dutch problems naming the file, the entry and the field.
import type { SpecialDate } from '../schemas/hours.ts';
import { amsterdamTime, monthNames } from './amsterdam-calendar.ts';

type Scope = SpecialDate['appliesTo'][number];

/** A message or banner as this check reads it: its id, when it starts showing, and its texts by field name. */
export type Announcement = { id: string; from: string; fields: Readonly<Record<string, string | null | undefined>> };

const MONTHS = monthNames;
const DATE = new RegExp(`\\b(\\d{1,2})\\s+(${MONTHS.join('|')})(?:\\s+(\\d{4}))?\\b`, 'gi');
const CLOSED = /(?<!\bniet\s)\bgesloten\b/i;

const SCOPE_WORDS: readonly [Scope, RegExp][] = [
  ['stores', /\bwinkels?\b/i],
  ['support', /\bklantenservice\b/i],
  ['delivery', /\b(bezorg|lever)/i],
  ['webshop', /\bwebshop\b/i],
];

/** Each part in Dutch with its verb: 'de winkels zijn', 'de webshop is'. */
const SCOPE_NAMES: Readonly<Record<Scope, readonly [string, string]>> = {
  stores: ['de winkels', 'zijn'],
  support: ['de klantenservice', 'is'],
  delivery: ['de bezorging', 'is'],
  webshop: ['de webshop', 'is'],
};

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of day and month in `year`, or null when that day does not exist (31 april). */
function dayOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** The days a text says something is closed on, with the parts of the business it names. */
export function announcedClosures(text: string, startDate: string): { date: string; written: string; scopes: Scope[] }[] {
  const closures: { date: string; written: string; scopes: Scope[] }[] = [];
  for (const sentence of text.split(/(?<=[.!?;])\s+/)) {
    if (!CLOSED.test(sentence)) continue;
    const named = SCOPE_WORDS.filter(([, word]) => word.test(sentence)).map(([scope]) => scope);
    const scopes: Scope[] = named.length > 0 ? named : ['stores'];
    for (const match of sentence.matchAll(DATE)) {
      const day = Number(match[1]);
      const month = MONTHS.indexOf(match[2]!.toLowerCase() as (typeof MONTHS)[number]) + 1;
      const startYear = Number(startDate.slice(0, 4));
      const date = match[3]
        ? dayOf(Number(match[3]), month, day)
        : [startYear, startYear + 1].map((year) => dayOf(year, month, day)).find((d) => d !== null && d >= startDate);
      if (date) closures.push({ date, written: match[0], scopes });
    }
  }
  return closures;
}

function hoursText(date: SpecialDate): string {
  return date.hours.map((range) => `${range.open}–${range.close}`).join(', ');
}

/**
 * The contradictions between announcements and the special dates, in Dutch, each one line naming the file, the entry
 * (index and id) and the field. `file` and `list` name where the announcements are ('content/settings/messages.yaml',
 * 'messages').
 */
export function closureProblems(
  file: string,
  list: string,
  announcements: readonly Announcement[],
  specialDates: readonly SpecialDate[],
  specialDatesFile = 'content/settings/special-dates.yaml',
): string[] {
  const problems: string[] = [];
  announcements.forEach((announcement, index) => {
    const startDate = amsterdamTime(new Date(announcement.from)).date;
    for (const [field, text] of Object.entries(announcement.fields)) {
      if (!text) continue;
      for (const closure of announcedClosures(text, startDate)) {
        for (const scope of closure.scopes) {
          const days = specialDates.filter((d) => d.date === closure.date && d.appliesTo.includes(scope));
          if (days.some((d) => d.closed)) continue;
          const open = days.find((d) => !d.closed);
          const where = `${file}: ${list}.${index}.${field} ("${announcement.id}")`;
          const [name, verb] = SCOPE_NAMES[scope];
          const says = `de tekst zegt dat ${name} op ${closure.written} (${closure.date}) gesloten ${verb}`;
          problems.push(
            open
              ? `${where}: ${says}, maar volgens ${specialDatesFile} ${verb} ${name} dan open (${open.label}, ${hoursText(open)}); pas de tekst of de speciale dag aan`
              : `${where}: ${says}, maar ${specialDatesFile} heeft op ${closure.date} geen sluitingsdag voor ${name}; voeg die dag toe met "closed: true" of pas de tekst aan`,
          );
        }
      }
    }
  });
  return problems;
}

/** The site messages' and banners' contradictions with the special dates; `files` are the three files' paths. */
export function siteClosureProblems(
  content: {
    messages: readonly { id: string; from: string; text: string }[];
    banners: readonly { id: string; from: string; title: string; text: string }[];
    specialDates: readonly SpecialDate[];
  },
  files: { messages: string; banners: string; specialDates: string },
): string[] {
  const messages = content.messages.map(({ id, from, text }) => ({ id, from, fields: { text } }));
  const banners = content.banners.map(({ id, from, title, text }) => ({ id, from, fields: { title, text } }));
  return [
    ...closureProblems(files.messages, 'messages', messages, content.specialDates, files.specialDates),
    ...closureProblems(files.banners, 'banners', banners, content.specialDates, files.specialDates),
  ];
}
