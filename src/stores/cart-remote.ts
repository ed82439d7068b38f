// The network half of the cart store: the API client and the token. Loaded on first use, so a product page
// carries it only once the shopper adds something (the buy box does not load the cart up front).
export { apiFetch } from '../client/api.ts';
export { ensureToken, renewToken } from './app-state.ts';
