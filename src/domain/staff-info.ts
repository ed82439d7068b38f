// The answer of GET /api/products/staff-info/?ids=… (docs/api.md): what a signed-in staff member sees of products
// beyond the guest's view. One schema for the server, which builds the answer by the caller's display flags
// (src/server/staff/staff-info.ts: a flag that is off leaves its fields out), and for the two browser scripts that
// read it back (src/client/staff/display.ts and the cart's staff options), which parse it and fall back to no staff
// information when the answer is not this shape.
//
// zod/mini: the staff display is a script of its own (/_app/staff/display.js, staff only), which esbuild bundles; zod's
// full `z` would take it from 9 KB to 460 KB (every locale of the namespace stays), zod/mini to 38 KB (13 KB gzip).
import * as z from 'zod/mini';

// The shop's pages forbid eval (CSP); zod's just-in-time parsers would try `new Function` first (src/schemas/zod.ts).
if (typeof document !== 'undefined') z.config({ jitless: true });

const staffProductInfoSchema = z.object({
  productId: z.number().check(z.int(), z.positive()),
  /** pricesShopOnlyShow: the shop price in cents, or null without one. */
  shopOnlyPrice: z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))),
  /** stockEstimatedDateShopShow: the day a backorder is expected (YYYY-MM-DD), or null. */
  stockEstimatedDate: z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)))),
  /** shopIconsShow: sold in the stores only, and on display in a store. */
  shopOnly: z.optional(z.boolean()),
  displayedInStore: z.optional(z.boolean()),
  /** marginCodeShow: the margin code (src/domain/margin-code.ts), or null without a purchase price. */
  marginCode: z.optional(z.nullable(z.string())),
});
export type StaffProductInfo = z.infer<typeof staffProductInfoSchema>;

const staffInfoAnswerSchema = z.object({ items: z.array(staffProductInfoSchema) });
export type StaffInfoAnswer = z.infer<typeof staffInfoAnswerSchema>;

/** The browser's reading of an answer: anything that is not what the server sends is no staff information. */
const staffInfoReadSchema = z.catch(staffInfoAnswerSchema, { items: [] });

export function readStaffInfo(data: unknown): StaffProductInfo[] {
  return staffInfoReadSchema.parse(data).items;
}
