// zod for the schemas of content/ and of what the browser keeps (content and cart schemas, and what the browser
// reads back from storage); every schema module takes `z` from here, so these settings hold before any schema runs.
// Dutch: zod's own messages (too short, unknown option, wrong type…) come in Dutch (zod's `nl` locale), because an
// editor reads them in the build's output, the server's start-up check and the browser editor (/keystatic), which
// all run these schemas. The setting is process-wide; the API's 422 answers are unaffected, since
// src/server/http/validation.ts words every built-in issue itself.
// No eval in the browser: the shop's pages forbid it (Content-Security-Policy without 'unsafe-eval'); zod's
// just-in-time object parsers first try `new Function`, which the browser reports as a policy violation even
// though zod catches the error, so they are switched off there.
import { z } from 'zod';

z.config(z.locales.nl());
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
