// Schema of content/settings/payment-methods.yaml: the payment methods with their providers and fees, the logos
// drawn for them, and our bank accounts.
import { cents } from './fields.ts';
import { deliveryTypes } from './delivery.ts';
import { z } from './zod.ts';

export const paymentMethodKeys = ['bankTransfer', 'bancontact', 'creditCard', 'ideal', 'pinAtDelivery', 'cardAtPickup'] as const;
/** The logos that src/assets/payment-logos.svg draws, one symbol per id. */
export const paymentLogoIds = ['ideal', 'bancontact', 'visa', 'mastercard', 'americanExpress', 'bankTransfer', 'pin'] as const;
export type PaymentLogoId = (typeof paymentLogoIds)[number];

const bankAccountSchema = z.object({
  iban: z.string().regex(/^[A-Z]{2}\d{2}( ?[A-Z0-9]{4})+( ?[A-Z0-9]{1,4})?$/, 'een IBAN in groepen van vier, zoals NL50 RABO 0312 4576 89'),
  bic: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'een BIC van 8 of 11 tekens, zoals RABONL2U'),
  name: z.string().min(2),
});

const paymentMethodSchema = z.object({
  key: z.enum(paymentMethodKeys),
  label: z.string(),
  description: z.string(),
  prepaid: z.boolean(),
  /** Countries of the shipping address in which the method is offered. */
  countries: z.array(z.enum(['NL', 'BE'])).min(1),
  /** Delivery types for which the method is not offered. */
  disabledFor: z.array(z.enum(deliveryTypes)).default([]),
  /** The provider that handles the method now; its price is the fee. */
  provider: z.string(),
  providers: z.array(z.object({ key: z.string(), name: z.string(), price: cents })).min(1),
  /** Logos shown with the method at checkout; the footer shows each logo of the methods once. */
  logos: z.array(z.enum(paymentLogoIds)).default([]),
  /**
   * `false` switches the method off: checkout does not offer it and the server refuses it. A prepaid online method
   * whose provider has no keys must be switched off in production, or the server does not start (docs/payments.md).
   */
  enabled: z.boolean().optional(),
});
export const paymentSettingsSchema = z
  .object({
    methods: z.array(paymentMethodSchema).min(1),
    /** Our accounts for "Vooraf overmaken", by the country of the shipping address. */
    bankAccounts: z.object({ NL: bankAccountSchema, BE: bankAccountSchema }),
  })
  .superRefine((s, ctx) => {
    s.methods.forEach((m, i) => {
      if (!m.providers.some((p) => p.key === m.provider))
        ctx.addIssue({ code: 'custom', path: ['methods', i, 'provider'], message: `provider "${m.provider}" staat niet in "providers"` });
    });
  });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export type PaymentMethodConfig = PaymentSettings['methods'][number];
