// The services of a product and how their prices read (src/domain/services.ts): the buy box, the cart line, the
// product page, the payment step and the rows of totals all show them through these helpers.
import { describe, expect, it } from 'vitest';
import {
  chargeOf,
  formatCharge,
  formatDiscount,
  pickUpDiscount,
  SERVICE_NAMES,
  servicePrice,
  type Charge,
  type ChargeFormat,
  type ServiceKind,
} from '../../src/domain/services.ts';

// The no-break space the shop always puts after the euro sign.
const nb = '\u00A0';

const noServices: Parameters<typeof servicePrice>[0] = {
  assemblyPrice: null,
  extraServicePrice: null,
  extraWarrantyPrice: null,
  freeAssembly: false,
  freeExtraService: false,
  freeExtraWarranty: false,
};

describe('servicePrice', () => {
  it.each<[string, Partial<typeof noServices>, ServiceKind, Charge]>([
    ['assembly at its price', { assemblyPrice: 4900 }, 'assembly', 4900],
    ['free assembly, whatever its price', { assemblyPrice: 4900, freeAssembly: true }, 'assembly', 'free'],
    ['the extra service at its price', { extraServicePrice: 2995 }, 'extraService', 2995],
    ['a free extra service without a price', { freeExtraService: true }, 'extraService', 'free'],
    ['extra warranty at its price', { extraWarrantyPrice: 995 }, 'extraWarranty', 995],
    ['free extra warranty', { extraWarrantyPrice: 995, freeExtraWarranty: true }, 'extraWarranty', 'free'],
    ['a service without a price and not free: 0', {}, 'assembly', 0],
    ["another service's free flag does not count", { assemblyPrice: 4900, freeExtraService: true }, 'assembly', 4900],
  ])('%s', (_name, prices, kind, charge) => {
    expect(servicePrice({ ...noServices, ...prices }, kind)).toBe(charge);
  });
});

describe('pickUpDiscount', () => {
  it('is the pick-up discount per unit, or 0 without one', () => {
    expect(pickUpDiscount({ pickUpDiscountPrice: 2500 })).toBe(2500);
    expect(pickUpDiscount({ pickUpDiscountPrice: null })).toBe(0);
  });
});

describe('chargeOf', () => {
  it.each<[number | undefined, Charge]>([
    [0, 'free'],
    [undefined, 'free'],
    [1, 1],
    [695, 695],
  ])('%s is %s', (cents, charge) => {
    expect(chargeOf(cents)).toBe(charge);
  });
});

describe('formatCharge', () => {
  it.each<[Charge, ChargeFormat, string]>([
    ['free', {}, 'gratis'],
    ['free', { added: true }, 'gratis'],
    ['free', { perUnit: true }, 'gratis'],
    [4900, {}, `€${nb}49,00`],
    [4900, { added: true }, `+ €${nb}49,00`],
    [995, { perUnit: true }, `€${nb}9,95 per stuk`],
    [995, { added: true, perUnit: true }, `+ €${nb}9,95 per stuk`],
    [129900, {}, `€${nb}1.299,00`],
    // A price of 0 that is not marked free says so: only 'free' reads 'gratis'.
    [0, {}, `€${nb}0,00`],
  ])('%s with %j reads %j', (charge, format, text) => {
    expect(formatCharge(charge, format)).toBe(text);
  });
});

describe('formatDiscount', () => {
  it.each<[number, Parameters<typeof formatDiscount>[1], string]>([
    [2500, undefined, `-€${nb}25,00`],
    [2500, { perUnit: true }, `-€${nb}25,00 per stuk`],
    [2500, { worded: true }, `€${nb}25,00 korting`],
    [2500, { worded: true, perUnit: true }, `€${nb}25,00 korting per stuk`],
    [150075, undefined, `-€${nb}1.500,75`],
  ])('%i with %j reads %j', (cents, format, text) => {
    expect(formatDiscount(cents, format)).toBe(text);
  });
});

describe('SERVICE_NAMES', () => {
  it('names every cart option as the cart and the totals show it', () => {
    expect(SERVICE_NAMES).toEqual({
      assembly: 'Montage',
      extraService: 'Extra service',
      extraWarranty: 'Extra garantie',
      pickUpDiscount: 'Afhaalkorting',
    });
  });
});
