// What each role may do: the one table that decides every back-office page, API route and display flag. Code asks
// `can(role, capability)` and never compares role names itself, so adding a role or moving a right is one row here.
// The seven display flags of SPEC §3 are capabilities too: the app state hands them to the browser under their own
// names (displayFlagsOf), and the server checks the same entries before it answers with what they show.
// docs/staff.md has this table in words; tests/unit/capabilities.test.ts writes it out by hand.
import { PERMISSION_FLAGS, type PermissionFlags } from './permission-flags.ts';
import type { Role } from './roles.ts';

const STAFF = ['employee', 'admin'] as const satisfies readonly Role[];
const ADMIN = ['admin'] as const satisfies readonly Role[];

/** Every capability with the roles that hold it; a role not listed does not have it. */
const HELD_BY = {
  /** The token belongs to a person with an account (a cart records their subject, not 'guest'). */
  signedIn: STAFF,
  /** The back office (/beheer/): its pages, and signing out of a staff session through the API. */
  backOffice: STAFF,
  /** Read and use any customer's records (allowedOwnData: carts, orders, quotes, forms, uploads, kitchen orders, chats). */
  readOthersRecords: STAFF,
  /** Not counted by the per-token and per-address quotas (carts, quotes, uploads, …). */
  skipQuotas: STAFF,
  /** Answer the live chat: list the conversations, answer them, mark them done. */
  answerChats: STAFF,
  /** GET /api/shop/export/: every product with its shop price and stock. */
  exportProducts: STAFF,
  /** Make, prepare and send quotes, with a discount up to the salesperson's limit (docs/staff.md). */
  editQuotes: STAFF,
  /** Mark an order paid (a booked transfer) or cancelled by hand in the back office. */
  markOrdersPaid: STAFF,
  /** Pay money back through the payment provider. */
  refundPayments: ADMIN,
  /** The staff accounts: add, change a role, deactivate, set a password. */
  manageStaff: ADMIN,
  /** Run a maintenance task now (system-health/tasks/{category}/resume). */
  runMaintenance: ADMIN,
  /** Send a catalogue feed (prices, stock) through PUT /api/catalog/feed/; integrations do it with their key. */
  feedCatalog: ADMIN,
  /** Move an order's fulfilment status on (prepared, ready, planned, on its way, delivered) in the back office. */
  setFulfilment: STAFF,
  /** Take orders out (GET /api/orders/export/) and statuses back (PUT /api/orders/statuses/). */
  exchangeOrders: ADMIN,

  // The display flags of SPEC §3, with what each also allows on the server.
  /** The "Alleen in de winkel" search filter. */
  filtersShopOnlyShow: STAFF,
  /** Margin codes: in the shop, in products/staff-info and in the quote editor. */
  marginCodeShow: ADMIN,
  /** The shop price beside the web price (products/staff-info, the cart's staff options). */
  pricesShopOnlyShow: STAFF,
  /** "Alleen in de winkel" and "Staat in de winkel" tags. */
  shopIconsShow: STAFF,
  /** The expected date of a backorder. */
  stockEstimatedDateShopShow: STAFF,
  /** The cart's staff options: a discount per item (makeAmends), discountExtra and the pick-up store. */
  shopOptionsShow: STAFF,
  /** The admin's quote options: a quote discount beyond the salesperson's limit (docs/staff.md). */
  quoteRequestAdminOptionsShow: ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof HELD_BY;
export const CAPABILITIES = Object.keys(HELD_BY) as Capability[];
// Every display flag is a capability (a flag missing from the table fails the type check here).
const FLAGS_ARE_CAPABILITIES: readonly Capability[] = PERMISSION_FLAGS;

/** Whether `role` may do or see `capability`. */
export function can(role: Role, capability: Capability): boolean {
  return (HELD_BY[capability] as readonly Role[]).includes(role);
}

/** The display flags of a role, as the app state hands them to the browser (all false for a guest). */
export function displayFlagsOf(role: Role): PermissionFlags {
  return Object.fromEntries(FLAGS_ARE_CAPABILITIES.map((flag) => [flag, can(role, flag)])) as PermissionFlags;
}
