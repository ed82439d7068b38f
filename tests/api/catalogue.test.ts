// The catalogue and settings routes: products, time-sensitive data, delivery rules, special dates, ratings, system
// health, and the other GET routes of the map (real data where content exists, else 404 in the error shape).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, expiredProduct, inStockProduct } from './helpers/catalog.ts';
import { multipartBody, PNG_1X1, postUpload } from './helpers/multipart.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';
import { createStorage } from '../../src/server/storage/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const get = (path: string, token?: string) => server.call('GET', path, { token });

describe('products', () => {
  it('lists products for sale, paged, filtered by category and brand', async () => {
    const all = await get('/api/products/?perPage=100');
    expect(all.status).toBe(200);
    const forSale = [...catalog.products.values()].filter((p) => !p.expired).length;
    expect(all.body.data.total).toBe(forSale);
    expect(all.body.data.items).toHaveLength(100);
    expect(all.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const a = inStockProduct(0);
    const byCategory = await get(`/api/products/?category=${a.category}`);
    expect(byCategory.body.data.items.every((p: { category: string }) => p.category === a.category)).toBe(true);
    const byBrand = await get(`/api/products/?brand=${encodeURIComponent(a.brand)}&perPage=100`);
    expect(byBrand.body.data.items.every((p: { brand: string }) => p.brand === a.brand)).toBe(true);
    expect((await get('/api/products/?perPage=1000')).status).toBe(422);
    expect((await get('/api/products/?page=abc')).status).toBe(422);
  });

  it('answers one product without its shop-only price, and 404 for unknown ids', async () => {
    const a = inStockProduct(0);
    const reply = await get(`/api/products/${a.productId}/`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ productId: a.productId, price: a.price, ean: a.ean, url: a.url });
    expect(reply.body.data).not.toHaveProperty('shopOnlyPrice');
    for (const id of ['999999', 'abc', '-1', '1e3']) expect((await get(`/api/products/${id}/`)).status, id).toBe(404);
  });

  it('answers the time-sensitive data: price, discounts, stock and the first delivery day', async () => {
    const a = inStockProduct(0);
    const reply = await get(`/api/products/${a.productId}/time-sensitive/`);
    expect(reply.body.data).toMatchObject({
      productId: a.productId,
      price: a.price,
      discounts: a.discounts,
      stock: { state: 'inStock', label: 'Op voorraad' },
      expired: false,
    });
    expect(reply.body.data.minDeliveryDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const old = await get(`/api/products/${expiredProduct().productId}/time-sensitive/`);
    expect(old.body.data).toMatchObject({ expired: true, minDeliveryDay: null });
    // Kept 10 s by browsers, a minute by a CDN and a minute more while it asks again.
    expect(reply.headers.get('cache-control')).toBe('public, max-age=10, s-maxage=60, stale-while-revalidate=60');
  });

  it('answers the time-sensitive data of several products at once, in the order asked, unknown ones left out', async () => {
    const a = inStockProduct(0);
    const b = inStockProduct(1);
    const old = expiredProduct();
    const reply = await get(`/api/products/time-sensitive/?ids=${b.productId},999999,${a.productId},${old.productId},${b.productId}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=10, s-maxage=60, stale-while-revalidate=60');
    const items = reply.body.data.items as { productId: number; price: number; expired: boolean; minDeliveryDay: string | null }[];
    // b once (asked twice), 999999 left out.
    expect(items.map((i) => i.productId)).toEqual([b.productId, a.productId, old.productId]);
    expect(items[0]).toMatchObject({ productId: b.productId, price: b.price, discounts: b.discounts, expired: false });
    expect(items[1]).toMatchObject({ productId: a.productId, price: a.price, stock: { state: 'inStock', label: 'Op voorraad' } });
    expect(items[1]!.minDeliveryDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(items[2]).toMatchObject({ productId: old.productId, expired: true, minDeliveryDay: null });
    // The same answer as the single route gives for each product.
    const single = await get(`/api/products/${a.productId}/time-sensitive/`);
    expect(items[1]).toEqual(single.body.data);
  });

  it('refuses a batch of time-sensitive data that is empty, not numbers, or over 100 products, with 422', async () => {
    const hundredAndOne = Array.from({ length: 101 }, (_, i) => 100_000 + i).join(',');
    for (const ids of ['', 'abc', '1,,2', '0', hundredAndOne]) {
      const reply = await get(`/api/products/time-sensitive/?ids=${ids}`);
      expect(reply.status, ids.slice(0, 20)).toBe(422);
    }
    const over = await get(`/api/products/time-sensitive/?ids=${hundredAndOne}`);
    expect(over.text).toMatch(/Vraag hooguit 100 artikelen tegelijk op/);
  });
});

describe('settings and content', () => {
  it('answers the delivery rules from the settings', async () => {
    const reply = await get('/api/delivery-rules/');
    expect(reply.body.data).toMatchObject({
      freeDeliveryThreshold: catalog.delivery.freeDeliveryThreshold,
      deliveryCost: catalog.delivery.deliveryCost,
      dayRange: 10,
      weekRange: 25,
    });
    const pickUp = await get('/api/delivery-rules/pickUp/');
    expect(pickUp.body.data.paymentMethods.map((m: { key: string }) => m.key)).not.toContain('pinAtDelivery');
    expect((await get('/api/delivery-rules/drone/')).status).toBe(404);
  });

  it('answers special dates, ratings, vacancies, pages, kitchens and support', async () => {
    const dates = await get('/api/special-dates/');
    expect(dates.body.data.length).toBe(catalog.specialDates.length);
    const first = catalog.specialDates[0]!.date;
    expect((await get(`/api/special-dates/${first}/`)).body.data.entries.length).toBeGreaterThan(0);
    expect((await get('/api/special-dates/1999-01-01/')).status).toBe(404);
    const ratings = await get('/api/ratings/');
    expect(ratings.body.data).toHaveLength(3);
    expect((await get(`/api/ratings/${ratings.body.data[0].ratingId}/`)).status).toBe(200);
    const vacancies = await get('/api/vacancies/');
    expect(vacancies.body.data.length).toBe(catalog.vacancies.length);
    expect((await get(`/api/vacancies/${vacancies.body.data[0].vacancyId}/`)).body.data.body.length).toBeGreaterThan(50);
    expect((await get('/api/pages/leveringsvoorwaarden/')).status).toBe(200);
    const kitchen = [...catalog.kitchens.values()].find((k) => !k.showroom)!;
    const showroom = [...catalog.kitchens.values()].find((k) => k.showroom)!;
    expect((await get(`/api/kitchens/${kitchen.kitchenId}/`)).body.data.sku).toBe(kitchen.sku);
    expect((await get(`/api/showroom-kitchens/${showroom.kitchenId}/`)).body.data.newPrice).toBe(showroom.newPrice);
    expect((await get(`/api/kitchens/${showroom.kitchenId}/`)).status).toBe(404);
    expect((await get('/api/support/default/')).body.data.email).toBe(catalog.company.support.email);
  });

  it('answers filters and specifications from the products', async () => {
    const a = inStockProduct(0);
    const byType = (await get('/api/product-types/filters/')).body.data;
    expect(Object.keys(byType)).toContain(a.productType);
    const specs = await get(`/api/information/specifications/${encodeURIComponent(a.productType)}/`);
    expect(Object.keys(specs.body.data.groups).length).toBeGreaterThan(0);
    expect((await get('/api/filters/merk/')).body.data.values[a.brand]).toBeGreaterThan(0);
    expect((await get('/api/filters/bestaat-niet/')).status).toBe(404);
  });

  it('reports system health with the storage backend', async () => {
    const reply = await get('/api/system-health/');
    expect(reply.body.data).toMatchObject({ status: 'ok', products: catalog.products.size });
    expect(['sqlite', 'postgres']).toContain(reply.body.data.storage);
  });

  it('keeps staff-only routes for staff', async () => {
    expect((await get('/api/shop/export/', await server.guestToken())).status).toBe(403);
    expect((await get('/api/shop/export/', staffToken('employee'))).status).toBe(200);
    expect((await get('/api/system-health/tasks/purge-expired/resume/', staffToken('employee'))).status).toBe(403);
    expect((await get('/api/system-health/tasks/purge-expired/resume/', staffToken('admin'))).body.data.category).toBe('purge-expired');
  });

  it('answers the cookie categories of content/settings/cookies.yaml, one by one too (issue 12)', async () => {
    const list = await get('/api/cookies/');
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { cookieId: string }) => c.cookieId)).toEqual(catalog.cookies.map((c) => c.id));
    const necessary = await get('/api/cookies/necessary/');
    expect(necessary.body.data).toMatchObject({ cookieId: 'necessary', required: true, name: 'Noodzakelijk' });
    expect(necessary.body.data.items.map((i: { name: string }) => i.name)).toContain('app-local-cart-id');
    expect((await get('/api/cookies/analytics/')).body.data.required).toBe(false);
    const missing = await get('/api/cookies/marketing/');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ failed: true });
  });

  it('answers an entry of content/settings/product-faq.yaml, and 404 for an unknown id (issue 12)', async () => {
    const reply = await get('/api/product-faq/atag-ws9011pm/');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      productFaqId: 'atag-ws9011pm',
      category: null,
      products: [100060],
      questions: [
        {
          question: 'Past de ATAG WS9011PM boven een kookplaat van 80 centimeter?',
          answer:
            'Deze kap is 60 centimeter breed. Boven een bredere kookplaat vangt hij minder damp op; kies dan een kap van minstens dezelfde breedte als je kookplaat.',
        },
      ],
    });
    const category = await get('/api/product-faq/afzuigkappen/');
    expect(category.body.data).toMatchObject({ productFaqId: 'afzuigkappen', category: 'afzuigkappen', products: [] });
    expect(category.body.data.questions.map((q: { question: string }) => q.question)).toEqual([
      'Kan ik een afzuigkap zonder afvoer naar buiten gebruiken?',
      'Hoe hoog hangt een afzuigkap boven de kookplaat?',
    ]);
    const missing = await get('/api/product-faq/f1/');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ failed: true, errors: [] });
  });

  it('answers a tag of content/settings/product-tags.yaml with its products, and 404 for an unknown id (issue 12)', async () => {
    const reply = await get('/api/product-tags/stil/');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      productTagId: 'stil',
      label: 'Stil',
      products: [
        { productId: 100060, brand: 'ATAG', name: 'WS9011PM', url: '/inbouwapparatuur/afzuigkappen/atag-ws9011pm-100060/', expired: false },
        { productId: 100072, brand: 'ATAG', name: 'WS9018PM', url: '/inbouwapparatuur/afzuigkappen/atag-ws9018pm-100072/', expired: false },
      ],
    });
    const missing = await get('/api/product-tags/t1/');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ failed: true, errors: [] });
  });

  it('answers a block of content/blocks/ with its title and Markdown body, and 404 for an unknown block', async () => {
    const reply = await get('/api/blocks/hulp-nodig/');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ blockId: 'hulp-nodig', title: 'Hulp nodig bij je keuze?' });
    expect(reply.body.data.body).toContain('Neem de maten van je keukenkast mee');
    expect(reply.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    for (const id of ['b1', 'HULP-NODIG', 'hulp_nodig']) {
      const missing = await get(`/api/blocks/${id}/`);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toMatchObject({ failed: true });
    }
  });

  it('answers a buying guide of content/information/ with its categories, page address and body, and 404 for an unknown one', async () => {
    const reply = await get('/api/information/welke-vaatwasser/');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      informationId: 'welke-vaatwasser',
      title: 'Welke vaatwasser past bij mij?',
      categories: ['inbouwvaatwassers', 'vaatwassers'],
      url: '/advies/welke-vaatwasser/',
    });
    expect(reply.body.data.body).toContain('### Hoe breed?');
    expect((await get('/api/information/welke-inbouwoven/')).body.data.categories).toEqual(['inbouwovens']);
    // the literal routes of the map still win over the id
    expect((await get('/api/information/filters/')).status).toBe(200);
    const missing = await get('/api/information/i1/');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ failed: true });
  });

  it('answers a sent newsletter of content/newsletters/ with its date, page address and body, and 404 for an unknown one', async () => {
    const reply = await get('/api/newsletters/2026-11-feestdagen/');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      newsletterId: '2026-11-feestdagen',
      title: 'Klaar voor de feestdagen',
      sent: '2026-11-12',
      url: '/nieuwsbrief/2026-11-feestdagen/',
    });
    expect(reply.body.data.body).toContain('### Voor 22:00 besteld, morgen in huis');
    const missing = await get('/api/newsletters/n1/');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ failed: true });
  });

  it('counts a newsletter open per counter id with a transparent 1x1 GIF, storing nothing else; 404 for unknown newsletters and bad counter ids', async () => {
    const pixel = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        cache: response.headers.get('cache-control'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };
    const first = await pixel('/api/newsletters/2026-11-feestdagen/welkom/');
    expect(first).toMatchObject({ status: 200, type: 'image/gif', cache: 'no-store' });
    // GIF89a, 1 by 1 pixel (little-endian width and height after the signature)
    expect(first.bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect([first.bytes.readUInt16LE(6), first.bytes.readUInt16LE(8)]).toEqual([1, 1]);
    expect((await pixel('/api/newsletters/2026-11-feestdagen/welkom/')).status).toBe(200);
    expect((await pixel('/api/newsletters/2026-11-feestdagen/kop-2/')).status).toBe(200);
    expect((await pixel('/api/newsletters/2026-10-herfst/welkom/')).status).toBe(200);
    for (const path of [
      '/api/newsletters/n1/welkom/',
      '/api/newsletters/2026-11-feestdagen/Welkom/',
      `/api/newsletters/2026-11-feestdagen/${'a'.repeat(41)}/`,
    ]) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.body, path).toMatchObject({ failed: true });
    }
    const storage = createStorage({ SHOP_DATA_DIR: server.dataDir, DATABASE_URL: process.env.DATABASE_URL });
    try {
      expect(await storage.newsletterOpens('2026-11-feestdagen')).toEqual({ 'kop-2': 1, welkom: 2 });
      expect(await storage.newsletterOpens('2026-10-herfst')).toEqual({ welkom: 1 });
      expect(await storage.newsletterOpens('n1')).toEqual({});
    } finally {
      await storage.close();
    }
  });

  it.each(['/api/newsletters/n1/c1/', '/api/rewrites/r1/'])('answers %s without content with 404 in the error shape', async (path) => {
    const reply = await get(path);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ failed: true, errors: [] });
  });
});

describe('forms', () => {
  it('stores a form for its sender and signs up for the newsletter (unsubscribing needs the signed link)', async () => {
    const token = await server.guestToken();
    const id = (await get('/api/form-data/id/')).body.data.formDataId;
    const sent = await server.call('POST', '/api/form-data/', {
      token,
      body: {
        formDataId: id,
        form: 'service-melding',
        fields: { emailAddress: 'klant@voorbeeld.nl', melding: 'De oven wordt niet warm.' },
      },
    });
    expect(sent.status).toBe(201);
    expect((await get(`/api/form-data/${id}/`, token)).body.data.fields.melding).toBe('De oven wordt niet warm.');
    expect((await get(`/api/form-data/${id}/`, await server.guestToken())).status).toBe(403);
    expect((await server.call('POST', '/api/form-data/', { token, body: { form: 'onbekend', fields: {} } })).status).toBe(422);
    expect(
      (await server.call('POST', '/api/newsletter-subscribers/', { token, body: { emailAddress: 'klant@voorbeeld.nl' } })).status,
    ).toBe(201);
    expect(
      (await server.call('DELETE', '/api/newsletter-subscribers/', { token, body: { emailAddress: 'klant@voorbeeld.nl' } })).status,
    ).toBe(403);
    const upload = await postUpload(server.url, token, multipartBody([{ name: 'files', fileName: 'foto.png', data: PNG_1X1 }]));
    expect(upload.status).toBe(201);
    expect((await get('/api/buckets/forms/', token)).body.data.map((f: { fileName: string }) => f.fileName)).toEqual(['foto.png']);
    await server.call('DELETE', '/api/buckets/forms/', { token, body: { fileId: upload.body.data.files[0].fileId } });
    expect((await get('/api/buckets/forms/', token)).body.data).toEqual([]);
  });
});
