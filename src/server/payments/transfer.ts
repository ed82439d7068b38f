// Where the money of a bank transfer ("Vooraf overmaken") goes: the provider's account and payment reference when a
// provider took the payment, else the shop's own account of the shipping country with the order reference. Shown on
// the order page and in the confirmation e-mail.
import type { Order } from '../../domain/cart-schema.ts';
import { bankTransferDetails, type BankTransferDetails } from '../../domain/payment.ts';
import type { Catalog } from '../content/catalog.ts';

export function transferDetails(order: Order, catalog: Pick<Catalog, 'payment'>): BankTransferDetails {
  const viaProvider = order.payment.attempts?.findLast((a) => a.bankTransfer)?.bankTransfer;
  if (viaProvider)
    return {
      iban: viaProvider.iban,
      bic: viaProvider.bic,
      accountName: viaProvider.bankName,
      amount: order.payment.amount,
      reference: viaProvider.reference,
    };
  return bankTransferDetails(catalog.payment.bankAccounts, order.shippingAddress.country, order.payment.amount, order.orderRef);
}
