// zod for the schemas that also run in the browser (content and cart schemas, and what the browser reads back
// from storage). The shop's pages forbid eval (Content-Security-Policy without 'unsafe-eval'); zod's
// just-in-time object parsers first try `new Function`, which the browser reports as a policy violation even
// though zod catches the error. Whether a schema may use them is decided when the schema is made, so this module
// switches them off in the browser before any schema module runs: those modules take `z` from here.
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
