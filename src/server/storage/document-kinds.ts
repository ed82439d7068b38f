// The kinds of JSON document the storage keeps, one table each (migrations.ts names them). On their own so that the
// storage interface (types.ts) and the list fields (list-fields.ts) both name them without importing each other.
const DOCUMENT_KINDS = [
  'carts',
  'orders',
  'quotes',
  'formData',
  'newsletterSubscribers',
  'uploads',
  'serviceRequests',
  'staffAccounts',
  'staffSessions',
  'chatConversations',
  'staffPasskeys',
  'staffChallenges',
  'staffRecoveryCodes',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
