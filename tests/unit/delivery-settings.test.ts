// The one reading of the delivery threshold and amount (src/domain/delivery-settings.ts): the environment's override,
// the placeholders of content texts, and the lines that write the threshold out (the build refuses them).
import { describe, expect, it } from 'vitest';
import { fillDeliveryPlaceholders, literalThresholdLines, withDeliveryEnv } from '../../src/domain/delivery-settings.ts';

const yaml = { freeDeliveryThreshold: 5000, deliveryCost: 495, dayRange: 10 };

describe('withDeliveryEnv', () => {
  it('keeps delivery.yaml without the variables, and takes each variable that is set', () => {
    expect(withDeliveryEnv(yaml, {})).toEqual(yaml);
    expect(withDeliveryEnv(yaml, { FREE_DELIVERY_THRESHOLD: ' 7500 ', DELIVERY_COST: '' })).toEqual({
      ...yaml,
      freeDeliveryThreshold: 7500,
    });
    expect(withDeliveryEnv(yaml, { FREE_DELIVERY_THRESHOLD: '7500', DELIVERY_COST: '695' })).toEqual({
      freeDeliveryThreshold: 7500,
      deliveryCost: 695,
      dayRange: 10,
    });
  });

  it('refuses anything but whole cents', () => {
    expect(() => withDeliveryEnv(yaml, { DELIVERY_COST: '6,95' })).toThrow('DELIVERY_COST must be a whole number of cents');
    expect(() => withDeliveryEnv(yaml, { FREE_DELIVERY_THRESHOLD: '-1' })).toThrow('FREE_DELIVERY_THRESHOLD');
  });
});

describe('fillDeliveryPlaceholders', () => {
  it('writes the amounts the Dutch way, every occurrence, and leaves other braces alone', () => {
    expect(
      fillDeliveryPlaceholders('Vanaf **{gratis-bezorging-vanaf}** gratis, anders {bezorgkosten}; {gratis-bezorging-vanaf}! {x}', {
        freeDeliveryThreshold: 7500,
        deliveryCost: 695,
      }),
    ).toBe('Vanaf **€\u00a075,00** gratis, anders €\u00a06,95; €\u00a075,00! {x}');
  });
});

describe('literalThresholdLines', () => {
  it('finds the threshold written out, with a plain or a non-breaking space, and nothing else', () => {
    const text = 'Eerste regel\nGratis vanaf € 50,00.\nBezorgkosten € 4,95\nvanaf €\u00a050,00\n€ 150,00 korting';
    // Line 5 holds "€ 150,00", which contains "€ 50,00"? No: "€ 1" comes first, so "€ 50,00" does not occur in it.
    expect(literalThresholdLines(text, { freeDeliveryThreshold: 5000, deliveryCost: 495 })).toEqual([2, 4]);
    expect(literalThresholdLines(text, { freeDeliveryThreshold: 7500, deliveryCost: 495 })).toEqual([]);
  });
});
