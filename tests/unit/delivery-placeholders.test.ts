// The placeholders of content texts filled into a rendered page (src/lib/delivery-placeholders.ts), with
// content/settings/delivery.yaml's amounts (€ 50,00 and € 4,95; the test environment sets no override).
import { describe, expect, it } from 'vitest';
import { withDeliveryAmounts } from '../../src/lib/delivery-placeholders.ts';

const page = (body: string, type = 'text/html; charset=utf-8') =>
  new Response(body, { status: 200, headers: { 'content-type': type, 'content-length': String(body.length), 'x-kept': '1' } });

describe('withDeliveryAmounts', () => {
  it('fills the placeholders of an HTML page, keeps its status and headers, and drops the length that no longer holds', async () => {
    const filled = await withDeliveryAmounts(page('<p>Vanaf {gratis-bezorging-vanaf} gratis, anders {bezorgkosten}.</p>'));
    expect(await filled.text()).toBe('<p>Vanaf €\u00a050,00 gratis, anders €\u00a04,95.</p>');
    expect(filled.status).toBe(200);
    expect(filled.headers.get('x-kept')).toBe('1');
    expect(filled.headers.get('content-length')).toBeNull();
  });

  it('passes a page without placeholders and anything but HTML on unchanged', async () => {
    expect(await (await withDeliveryAmounts(page('<p>Niets</p>'))).text()).toBe('<p>Niets</p>');
    const json = await withDeliveryAmounts(page('{"a":"{bezorgkosten}"}', 'application/json'));
    expect(await json.text()).toBe('{"a":"{bezorgkosten}"}');
  });
});
