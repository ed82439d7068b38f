// The limits of a cart and a checkout, in one place: the checkout form's maxLength, the checks of the checkout
// (checkout.ts, address.ts) and the server's schemas all read these, so a value the form lets through is never
// refused for its length elsewhere. (The quantity of an item is the cart rules' own: MAX_QTY_PER_ITEM in cart.ts,
// which the buy box loads; these are kept out of the product page.)

/** Items (distinct keys) in one cart or quote. */
export const MAX_CART_ITEMS = 100;
/** The highest floor the checkout offers; 0 is the ground floor. */
export const MAX_FLOOR = 10;

/** Characters per text field of the checkout (and the same field of a quote request). */
export const FIELD_MAX_LENGTH = {
  reference: 100,
  firstName: 50,
  lastName: 80,
  emailAddress: 254,
  phoneNumber: 40,
  companyName: 100,
  vatNumber: 30,
  notes: 1000,
  street: 100,
  city: 80,
  postalCode: 12,
  /** As typed: the number may come with its addition ('12a'), which the address rules split off. */
  houseNumber: 10,
  houseNumberAddition: 6,
  deliveryTypeCarrier: 50,
} as const;
