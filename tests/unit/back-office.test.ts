// The back office's pure helpers: what a search field's text is, the paging link's cursor, CSV fields that a
// spreadsheet can't run, and where a login may send a staff member back to.
import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/server/back-office/newsletter.ts';
import { listHref, readCursor, readSearch } from '../../src/server/storage/paging.ts';
import { returnPath } from '../../src/server/staff/page-session.ts';
import { formatDateTime } from '../../src/lib/date-format.ts';

describe('readSearch', () => {
  it.each([
    ['KH-2026-AB12CD34', { field: 'orderRef', value: 'KH-2026-AB12CD34' }],
    ['kh-2026-ab12cd34', { field: 'orderRef', value: 'KH-2026-AB12CD34' }],
    ['Kees@Voorbeeld.nl', { field: 'email', value: 'Kees@Voorbeeld.nl' }],
    ['2516ba', { field: 'postalCode', value: '2516 BA' }],
    ['2516 BA', { field: 'postalCode', value: '2516 BA' }],
    ['2000', { field: 'postalCode', value: '2000' }],
  ])('reads %j as %o', (text, expected) => {
    expect(readSearch(text)).toEqual(expected);
  });

  it.each(['', '   ', 'keuken', 'KH-2026', '0123'])('finds nothing to look up in %j', (text) => {
    expect(readSearch(text)).toBeNull();
  });
});

describe('paging cursor', () => {
  it('goes into the next page link and comes back as it was', () => {
    const href = listHref('/beheer/bestellingen/', { status: 'paid', q: '' }, { createdAt: '2026-11-24T10:00:00.000Z', id: 'abc_-1' });
    expect(href).toBe('/beheer/bestellingen/?status=paid&voor=2026-11-24T10%3A00%3A00.000Z%7Eabc_-1');
    const voor = new URL(href, 'http://x').searchParams.get('voor');
    expect(readCursor(voor)).toEqual({ createdAt: '2026-11-24T10:00:00.000Z', id: 'abc_-1' });
  });

  it.each(['', 'geen-tilde', '~abc', 'gisteren~abc', '2026-11-24T10:00:00.000Z~a b', `2026-11-24T10:00:00.000Z~${'a'.repeat(65)}`])(
    'ignores a broken cursor %j',
    (raw) => {
      expect(readCursor(raw)).toBeNull();
    },
  );
});

describe('csvField', () => {
  it.each([
    ['anna@voorbeeld.nl', 'anna@voorbeeld.nl'],
    ['De Vries, Anna', '"De Vries, Anna"'],
    ['Zeg "hoi"', '"Zeg ""hoi"""'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+31612345678', "'+31612345678"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [null, ''],
  ])('writes %j as %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('returnPath', () => {
  it.each([
    ['/beheer/offertes/abc/', '/beheer/offertes/abc/'],
    ['/beheer/bestellingen/?status=paid', '/beheer/bestellingen/?status=paid'],
    ['https://kwaadaardig.example/', '/beheer/'],
    ['//kwaadaardig.example/beheer/', '/beheer/'],
    ['/winkelwagen/', '/beheer/'],
    ['/beheer/\\\\kwaadaardig', '/beheer/'],
    [null, '/beheer/'],
  ])('sends %j on to %s', (raw, expected) => {
    expect(returnPath(raw)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it('writes an instant as an Amsterdam day and time, in winter and in summer', () => {
    expect(formatDateTime('2026-11-24T11:59:00.000Z')).toBe('24-11-2026 12:59');
    expect(formatDateTime('2026-07-01T22:30:00.000Z')).toBe('02-07-2026 00:30');
    expect(formatDateTime(null)).toBe('–');
  });
});
