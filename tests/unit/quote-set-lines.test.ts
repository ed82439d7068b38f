// The quote, on the sample catalogue: 1 × the Bosch Serie 6 HBA574BR0 set with the Bosch Serie 8 PXY875KW1E
// hob (combination 1 of product 100002, € 1.499,00). The quote e-mail names the set as the cart does, with both
// parts, and the quote editor's margin code of the set comes from both parts' purchase prices.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/server/content/catalog.ts';
import type { MailContext } from '../../src/server/mail/template.ts';
import { quoteSent } from '../../src/server/quotes/mails/quote-sent.ts';
import { quoteFigures, quoteMargins } from '../../src/server/quotes/quote-lines.ts';
import type { Quote } from '../../src/server/quotes/stored-quote.ts';

const catalog = loadCatalog({ CONTENT_DIR: new URL('../../content', import.meta.url).pathname });
const CONTEXT: MailContext = {
  shop: {
    name: 'Keukenhuys',
    legalName: 'Keukenhuys B.V.',
    address: 'Hogeweg 22',
    email: 'klantenservice@keukenhuys.nl',
    phone: '071 203 40 00',
  },
  baseUrl: 'https://www.keukenhuys.nl',
};
const items = { '100002_1': { productId: 100002, combinationId: 1, qty: 1 } };
const quote: Quote = {
  quoteId: 'ABCDEFGHJKMNPQRSTUVWXYZ2',
  status: 'sent',
  items,
  discountTotal: 0,
  firstName: 'Sanne',
  lastName: null,
  emailAddress: 'sanne@voorbeeld.nl',
  phoneNumber: null,
  notes: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('a set in a quote', () => {
  it('is listed in the quote e-mail with its name and both parts', () => {
    const figures = quoteFigures(items, 0, catalog);
    const mail = quoteSent.render({ quote, reference: 'OF-ABCDEFGH', figures, linkPath: '/winkelwagen/?offerte=x' }, CONTEXT);
    expect(mail.text).toContain(
      '1 × Voordeelset met inductiekookplaat Bosch Serie 8 PXY875KW1E: €\u00a01.499,00\n   - Bosch Serie 6 HBA574BR0\n   - Bosch Serie 8 PXY875KW1E\n',
    );
    expect(mail.text).not.toContain('(set)');
    expect(mail.html).toContain('1 × Voordeelset met inductiekookplaat Bosch Serie 8 PXY875KW1E<ul');
    expect(mail.html).toMatch(
      /<li><a href="https:\/\/www\.keukenhuys\.nl\/[^"]*bosch-serie-6-hba574br0[^"]*">Bosch Serie 6 HBA574BR0<\/a><\/li>/,
    );
    expect(mail.html).toMatch(
      /<li><a href="https:\/\/www\.keukenhuys\.nl\/[^"]*bosch-serie-8-pxy875kw1e[^"]*">Bosch Serie 8 PXY875KW1E<\/a><\/li>/,
    );
  });

  it('has a margin code from both parts (editor)', () => {
    // Purchase 42600 (oven) + 59500 (hob) = 102100; (149900 − 102100) × 100 / 149900 = 31.88… → 31 → K I.
    expect(quoteMargins(quoteFigures(items, 0, catalog), catalog)).toEqual({ lines: { '100002_1': 'KI' }, total: 'KI' });
  });
});
