// How to reach customer service, as the pages pass it to the cart islands: for their error texts and the
// remote-cart error dialog. On its own so the boundary and the dialog both import it, one way.

/** How to reach customer service, for the texts of the islands and the dialog. */
export type SupportContact = { phone: string; phoneHref: string; email: string };
