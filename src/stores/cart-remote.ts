// The network half of the cart store: the API client and the token. Loaded on first use, so a product page
// carries it only once the shopper adds something (the buy box does not load the cart up front). The token is kept
// in step with the cookie of the cart's form posts (guest-cookie-sync.ts).
export { apiFetch } from '../client/api.ts';
export { renewToken } from './app-state.ts';
export { ensureToken } from './guest-cookie-sync.ts';
