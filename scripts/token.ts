// Mints a staff token until the shop has a staff login (DESIGN §2 "Identity and permissions"):
//
//   npm run token -- --role employee|admin [--shop keukens-den-haag] [--days 1] [--sub <subject>]
//
// Signed with the same secret as the server: SHOP_SECRET, or $SHOP_DATA_DIR/secret (created when missing).
// Send it as `Authorization: Bearer <token>`.
import { parseArgs } from 'node:util';
import { createToken, loadSecret, newSubject } from '../src/server/http/tokens.ts';

const { values } = parseArgs({
  options: {
    role: { type: 'string' },
    shop: { type: 'string' },
    days: { type: 'string', default: '1' },
    sub: { type: 'string' },
  },
});

if (values.role !== 'employee' && values.role !== 'admin') {
  console.error('Usage: npm run token -- --role employee|admin [--shop <storeId>] [--days <n>] [--sub <subject>]');
  process.exit(2);
}
const days = Number(values.days);
if (!Number.isFinite(days) || days <= 0 || days > 365) {
  console.error('--days must be a number from 1 to 365');
  process.exit(2);
}
const now = new Date();
const token = createToken(
  {
    sub: values.sub ?? newSubject(),
    role: values.role,
    exp: Math.floor(now.getTime() / 1000 + days * 86_400),
    ...(values.shop ? { shop: values.shop } : {}),
  },
  now,
  loadSecret(),
);
console.log(token);
