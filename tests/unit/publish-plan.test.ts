// What `npm run content:publish` builds for a change (scripts/lib/publish-plan.ts): editorial pages only for a
// store's opening hours or an editorial page, a full build for a field every page shows, a settings file, a new file
// or the catalogue.
import { describe, expect, it } from 'vitest';
import { publishPlan } from '../../scripts/lib/publish-plan.ts';

const store = (title: string, thursdayClose: string, body = 'Tekst.\n') =>
  `---\nstoreId: keukens-den-haag\ntitle: ${title}\nopeningHours:\n  thursday:\n    - open: '09:30'\n      close: '${thursdayClose}'\n---\n${body}`;

const snapshot = (files: Record<string, string>, products = 'p1') => ({
  files,
  bulk: { 'catalog/products': products, 'catalog/photos': 'f1' },
});

const built = snapshot({
  'stores/keukens-den-haag.md': store('Keukenhuys Den Haag', '21:00'),
  'settings/company.yaml': 'name: Keukenhuys\n',
  'vacancies/verkoper.md': '---\ntitle: Verkoper\n---\nTekst.\n',
  'pages/aanbiedingen.md': '---\ntitle: Aanbiedingen\n---\n',
  'pages/winkels.md': '---\ntitle: Winkels\n---\n',
  'pages/merken.md': '---\ntitle: Merken\n---\n',
});
const changed = (path: string, text: string) => snapshot({ ...built.files, [path]: text });

describe('publishPlan', () => {
  it('has nothing to do when nothing changed', () => {
    expect(publishPlan(built, snapshot({ ...built.files }))).toEqual({ kind: 'none', changed: [], reasons: [] });
  });

  it("builds the editorial pages for a store's opening hours or text", () => {
    expect(publishPlan(built, changed('stores/keukens-den-haag.md', store('Keukenhuys Den Haag', '20:30')))).toEqual({
      kind: 'editorial',
      changed: ['stores/keukens-den-haag.md'],
      reasons: [],
    });
    expect(publishPlan(built, changed('stores/keukens-den-haag.md', store('Keukenhuys Den Haag', '21:00', 'Nieuw.\n'))).kind).toBe(
      'editorial',
    );
  });

  it("builds everything for a store's name, which the footer of every page shows", () => {
    expect(publishPlan(built, changed('stores/keukens-den-haag.md', store('Keukenhuys Haaglanden', '21:00')))).toEqual({
      kind: 'full',
      changed: ['stores/keukens-den-haag.md'],
      reasons: ['stores/keukens-den-haag.md: title (shown on every page)'],
    });
  });

  it('builds the editorial pages for a vacancy or an editorial page, everything for the offers page text or a setting', () => {
    expect(publishPlan(built, changed('vacancies/verkoper.md', '---\ntitle: Verkoper binnendienst\n---\nTekst.\n')).kind).toBe('editorial');
    expect(publishPlan(built, changed('pages/winkels.md', '---\ntitle: Onze winkels\n---\n')).kind).toBe('editorial');
    expect(publishPlan(built, changed('pages/aanbiedingen.md', '---\ntitle: Acties\n---\n')).kind).toBe('full');
    // The brands page counts each brand's products: a scoped build, which loads none, cannot render it.
    expect(publishPlan(built, changed('pages/merken.md', '---\ntitle: Onze merken\n---\n')).kind).toBe('full');
    expect(publishPlan(built, changed('settings/company.yaml', 'name: Keukenhuys B.V.\n')).kind).toBe('full');
  });

  it('builds everything for a new file or a changed catalogue', () => {
    expect(publishPlan(built, changed('vacancies/monteur.md', '---\ntitle: Monteur\n---\n')).reasons).toEqual([
      'vacancies/monteur.md added',
    ]);
    expect(publishPlan(built, snapshot({ ...built.files }, 'p2'))).toEqual({
      kind: 'full',
      changed: ['catalog/products/'],
      reasons: ['content/catalog/products/ changed (the catalogue)'],
    });
  });
});
