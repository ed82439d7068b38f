// The ids the shop makes and stores (orders, quotes, carts, cases, kitchen orders, conversations): 1 to 64 letters,
// digits, - or _ (the random ids are 22 base64url characters). Checked before any lookup, so an id from an address or
// a form that could not be ours is refused without asking storage.
export const STORED_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const isStoredId = (value: string): boolean => STORED_ID.test(value);
