// A site message or banner that announces a closure on a date must agree with the special dates (issue 23): hand-written
// special dates and texts, and the sample content itself (content/settings/messages.yaml, banners.yaml and
// special-dates.yaml) as the server's start reads it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Announcement, announcedClosures, closureProblems } from '../../src/domain/closure-announcements.ts';
import type { SpecialDate } from '../../src/schemas/hours.ts';
import { loadCatalog } from '../../src/server/content/catalog.ts';

const SPECIAL: SpecialDate[] = [
  { date: '2026-12-25', label: 'Eerste kerstdag', closed: true, hours: [], appliesTo: ['stores', 'webshop', 'support', 'delivery'] },
  { date: '2026-12-26', label: 'Tweede kerstdag', closed: false, hours: [{ open: '10:00', close: '17:00' }], appliesTo: ['stores'] },
  { date: '2026-12-26', label: 'Tweede kerstdag', closed: true, hours: [], appliesTo: ['delivery'] },
  { date: '2027-01-01', label: 'Nieuwjaarsdag', closed: true, hours: [], appliesTo: ['stores', 'support'] },
];

const message = (text: string, from = '2026-12-20T00:00:00+01:00'): Announcement => ({ id: 'kerst', from, fields: { text } });
const check = (announcements: Announcement[]) => closureProblems('content/settings/messages.yaml', 'messages', announcements, SPECIAL);

describe('announced closures', () => {
  it('reads the day, the year from when the message starts, and the part of the business named', () => {
    expect(announcedClosures('Tweede Kerstdag (26 december) zijn onze winkels gesloten. De webshop is gewoon open.', '2026-12-20')).toEqual(
      [{ date: '2026-12-26', written: '26 december', scopes: ['stores'] }],
    );
    // Shown from 20 December: 1 januari is the next year's.
    expect(announcedClosures('Op 1 januari is de klantenservice gesloten.', '2026-12-20')).toEqual([
      { date: '2027-01-01', written: '1 januari', scopes: ['support'] },
    ]);
    expect(announcedClosures('Gesloten op 26 december 2027.', '2026-12-20')).toEqual([
      { date: '2027-12-26', written: '26 december 2027', scopes: ['stores'] },
    ]);
    // No closure: open, or "niet gesloten", or no date.
    expect(announcedClosures('Op 26 december zijn we open van 10:00 tot 17:00.', '2026-12-20')).toEqual([]);
    expect(announcedClosures('Op 26 december zijn we niet gesloten.', '2026-12-20')).toEqual([]);
    expect(announcedClosures('Zondag zijn we gesloten.', '2026-12-20')).toEqual([]);
  });
});

describe('closure problems', () => {
  it('accepts a closure the special dates give for that part', () => {
    expect(check([message('Eerste Kerstdag (25 december) zijn onze winkels gesloten.')])).toEqual([]);
    expect(check([message('Op 26 december wordt er niet bezorgd: de bezorging is dan gesloten.')])).toEqual([]);
    expect(check([message('Nieuwjaarsdag (1 januari) zijn de winkels en de klantenservice gesloten.')])).toEqual([]);
  });

  it('refuses a closure on a day the stores are open, naming the file, entry, field and the special date', () => {
    expect(check([message('Tweede Kerstdag (26 december) zijn onze winkels gesloten. De webshop is gewoon open.')])).toEqual([
      'content/settings/messages.yaml: messages.0.text ("kerst"): de tekst zegt dat de winkels op 26 december (2026-12-26) ' +
        'gesloten zijn, maar volgens content/settings/special-dates.yaml zijn de winkels dan open (Tweede kerstdag, 10:00–17:00); ' +
        'pas de tekst of de speciale dag aan',
    ]);
  });

  it('refuses a closure on a day without a special date, in a banner title too', () => {
    const banner: Announcement = {
      id: 'inventaris',
      from: '2026-11-01T00:00:00+01:00',
      fields: { title: 'Op 3 december zijn we gesloten', text: 'Vanwege de inventarisatie.' },
    };
    expect(closureProblems('content/settings/banners.yaml', 'banners', [message('Alles open.'), banner], SPECIAL)).toEqual([
      'content/settings/banners.yaml: banners.1.title ("inventaris"): de tekst zegt dat de winkels op 3 december (2026-12-03) ' +
        'gesloten zijn, maar content/settings/special-dates.yaml heeft op 2026-12-03 geen sluitingsdag voor de winkels; ' +
        'voeg die dag toe met "closed: true" of pas de tekst aan',
    ]);
  });

  it('stops the server start on a contradiction, and finds none in the sample content', () => {
    const env = { ...process.env, CATALOG_DIR: '', CONTENT_DIR: '' };
    expect(loadCatalog(env).messages.map((m) => m.id)).toContain('kerst-2026');
    const dir = mkdtempSync(join(tmpdir(), 'kh-closures-'));
    try {
      cpSync('content', dir, { recursive: true });
      const file = join(dir, 'settings/messages.yaml');
      // The sample as it was: the stores closed on Tweede Kerstdag, which special-dates.yaml gives 10:00–17:00.
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          /Eerste Kerstdag \(25 december\)[^\n]*/,
          'Tweede Kerstdag (26 december) zijn onze winkels gesloten.',
        ),
      );
      expect(() => loadCatalog({ ...env, CONTENT_DIR: dir })).toThrow(
        `${file}: messages.0.text ("kerst-2026"): de tekst zegt dat de winkels op 26 december (2026-12-26) gesloten zijn, ` +
          `maar volgens ${join(dir, 'settings/special-dates.yaml')} zijn de winkels dan open (Tweede kerstdag, 10:00–17:00)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
