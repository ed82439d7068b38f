// The signature in an order's payment links (/betalen/{id}/?t=…, the test provider's page): only the holder of the
// link the checkout or the order page gave can start a payment for the order or act on it.
import { isStoredId } from '../../domain/ids.ts';
import { signValue, verifySignedValue } from '../http/tokens.ts';

export function payLinkSignature(orderId: string): string {
  return signValue('pay', orderId);
}

export function paymentSignatureValid(orderId: string, signature: string | null): boolean {
  return isStoredId(orderId) && verifySignedValue('pay', orderId, signature);
}
