// Texts a shopper sees in several places, written once (src/domain/texts.ts).
import { describe, expect, it } from 'vitest';
import { floorLabel } from '../../src/domain/delivery-calendar';
import { DELIVERY_TYPE_LABELS } from '../../src/domain/texts';

describe('shared Dutch texts', () => {
  it.each([
    [0, 'Begane grond'],
    [1, '1e verdieping'],
    [3, '3e verdieping'],
    [10, '10e verdieping'],
  ])('floor %i is "%s"', (floor, label) => {
    expect(floorLabel(floor)).toBe(label);
  });

  it('has one distinct label per delivery type', () => {
    expect(DELIVERY_TYPE_LABELS).toEqual({
      default: 'Bezorgen',
      assembly: 'Bezorgen en monteren',
      extraService: 'Bezorgen en aansluiten',
      pickUp: 'Zelf afhalen',
    });
  });
});
