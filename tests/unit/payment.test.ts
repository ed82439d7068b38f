import { describe, expect, it } from 'vitest';
import type { DeliveryType } from '../../src/schemas/delivery';
import type { PaymentSettings } from '../../src/schemas/payment';
import { availablePaymentMethods, isPaymentMethodAllowed, paymentFee, type PaymentContext } from '../../src/domain/payment';

type Method = PaymentSettings['methods'][number];
const method = (key: Method['key'], extra: Partial<Method> = {}): Method => ({
  key,
  label: key,
  description: `Betalen met ${key}`,
  prepaid: true,
  countries: ['NL', 'BE'],
  disabledFor: [],
  logos: [],
  provider: 'testpay',
  providers: [
    { key: 'testpay', name: 'Testpay', price: 0 },
    { key: 'otherpay', name: 'Otherpay', price: 0 },
  ],
  ...extra,
});

// The methods of SPEC §9, as the settings describe them.
const paymentSettings: PaymentSettings = {
  methods: [
    method('bankTransfer'),
    method('bancontact', { countries: ['BE'] }),
    method('creditCard', {
      provider: 'cardco',
      providers: [
        { key: 'testpay', name: 'Testpay', price: 0 },
        { key: 'cardco', name: 'Cardco', price: 995 },
      ],
    }),
    method('ideal', { countries: ['NL'] }),
    method('pinAtDelivery', { prepaid: false, disabledFor: ['pickUp'], providers: [{ key: 'testpay', name: 'Testpay', price: 495 }] }),
    method('cardAtPickup', { prepaid: false, disabledFor: ['default', 'extraService', 'assembly'] }),
  ],
  bankAccounts: {
    NL: { iban: 'NL00TEST0000000000', bic: 'TESTNL2A', name: 'Keukenhuys' },
    BE: { iban: 'BE00000000000000', bic: 'TESTBEBB', name: 'Keukenhuys' },
  },
};

describe('available payment methods (SPEC §9)', () => {
  it.each<[PaymentContext['country'], DeliveryType, string[]]>([
    ['NL', 'default', ['bankTransfer', 'creditCard', 'ideal', 'pinAtDelivery']],
    ['BE', 'default', ['bankTransfer', 'bancontact', 'creditCard', 'pinAtDelivery']],
    ['NL', 'assembly', ['bankTransfer', 'creditCard', 'ideal', 'pinAtDelivery']],
    ['NL', 'extraService', ['bankTransfer', 'creditCard', 'ideal', 'pinAtDelivery']],
    ['NL', 'pickUp', ['bankTransfer', 'creditCard', 'ideal', 'cardAtPickup']],
    ['BE', 'pickUp', ['bankTransfer', 'bancontact', 'creditCard', 'cardAtPickup']],
    [null, 'default', ['bankTransfer', 'bancontact', 'creditCard', 'ideal', 'pinAtDelivery']],
  ])('in %s with delivery %s: %j', (country, deliveryType, keys) => {
    expect(availablePaymentMethods(paymentSettings, { country, deliveryType }).map((m) => m.key)).toEqual(keys);
  });

  it('gives each method the fee, key and name of its active provider', () => {
    const methods = availablePaymentMethods(paymentSettings, { country: 'NL', deliveryType: 'default' });
    expect(methods.find((m) => m.key === 'creditCard')).toMatchObject({ fee: 995, provider: 'cardco', providerName: 'Cardco' });
    expect(methods.find((m) => m.key === 'pinAtDelivery')).toMatchObject({ fee: 495, prepaid: false });
    expect(methods.find((m) => m.key === 'ideal')).toMatchObject({ fee: 0, label: 'ideal', description: 'Betalen met ideal' });
  });

  it('passes the logos of each method on', () => {
    const settings = { methods: [method('creditCard', { logos: ['visa', 'mastercard'] }), method('ideal')] };
    expect(availablePaymentMethods(settings, { country: 'NL', deliveryType: 'default' }).map((m) => m.logos)).toEqual([
      ['visa', 'mastercard'],
      [],
    ]);
  });

  it('follows the settings, not a hard-coded list', () => {
    const settings = { methods: [method('ideal', { countries: ['NL', 'BE'] })] };
    expect(availablePaymentMethods(settings, { country: 'BE', deliveryType: 'default' }).map((m) => m.key)).toEqual(['ideal']);
  });
});

describe('allowed method and fee', () => {
  it.each<[string | null, PaymentContext, boolean, number]>([
    ['ideal', { country: 'NL', deliveryType: 'default' }, true, 0],
    ['ideal', { country: 'BE', deliveryType: 'default' }, false, 0],
    ['bancontact', { country: 'BE', deliveryType: 'assembly' }, true, 0],
    ['bancontact', { country: 'NL', deliveryType: 'default' }, false, 0],
    ['pinAtDelivery', { country: 'NL', deliveryType: 'default' }, true, 495],
    ['pinAtDelivery', { country: 'BE', deliveryType: 'pickUp' }, false, 0],
    ['cardAtPickup', { country: 'NL', deliveryType: 'pickUp' }, true, 0],
    ['cardAtPickup', { country: 'NL', deliveryType: 'extraService' }, false, 0],
    ['creditCard', { country: 'BE', deliveryType: 'pickUp' }, true, 995],
    ['cheque', { country: 'NL', deliveryType: 'default' }, false, 0],
    [null, { country: 'NL', deliveryType: 'default' }, false, 0],
  ])('%s with %j: allowed %s, fee %i', (key, context, allowed, fee) => {
    expect(isPaymentMethodAllowed(paymentSettings, key, context)).toBe(allowed);
    expect(paymentFee(paymentSettings, key, context)).toBe(fee);
  });

  it('without a context the fee is the active provider price', () => {
    expect(paymentFee(paymentSettings, 'pinAtDelivery')).toBe(495);
    expect(paymentFee(paymentSettings, undefined)).toBe(0);
  });
});
