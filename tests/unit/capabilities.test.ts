// The capability table, written out by hand from SPEC §6 (a guest gets no display flag, every flag is false by default)
// and docs/staff.md (an employee has the back office and the quote tools but not the staff accounts, refunds,
// maintenance, margin codes or the admin's quote options; an admin has everything). Every role × every capability.
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, type Capability, can, displayFlagsOf } from '../../src/domain/capabilities.ts';
import { PERMISSION_FLAGS } from '../../src/domain/permission-flags.ts';
import type { Role } from '../../src/domain/roles.ts';

const ROLES: readonly Role[] = ['guest', 'employee', 'admin'];

// capability: [guest, employee, admin]
const EXPECTED: Readonly<Record<Capability, readonly [boolean, boolean, boolean]>> = {
  signedIn: [false, true, true],
  backOffice: [false, true, true],
  readOthersRecords: [false, true, true],
  skipQuotas: [false, true, true],
  answerChats: [false, true, true],
  exportProducts: [false, true, true],
  editQuotes: [false, true, true],
  markOrdersPaid: [false, true, true],
  refundPayments: [false, false, true],
  manageStaff: [false, false, true],
  runMaintenance: [false, false, true],
  feedCatalog: [false, false, true],
  setFulfilment: [false, true, true],
  exchangeOrders: [false, false, true],
  filtersShopOnlyShow: [false, true, true],
  marginCodeShow: [false, false, true],
  pricesShopOnlyShow: [false, true, true],
  shopIconsShow: [false, true, true],
  stockEstimatedDateShopShow: [false, true, true],
  shopOptionsShow: [false, true, true],
  quoteRequestAdminOptionsShow: [false, false, true],
};

describe('the capability table', () => {
  it('has exactly the capabilities of this table', () => {
    expect([...CAPABILITIES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [capability, held] of Object.entries(EXPECTED) as [Capability, readonly boolean[]][]) {
    it.each(ROLES.map((role, i) => [role, held[i]] as const))(`${capability}: %s → %s`, (role, expected) => {
      expect(can(role, capability)).toBe(expected);
    });
  }

  it('keeps the seven display flags of SPEC §3 under their own names, all off for a guest', () => {
    expect(displayFlagsOf('guest')).toEqual({
      filtersShopOnlyShow: false,
      marginCodeShow: false,
      pricesShopOnlyShow: false,
      shopIconsShow: false,
      stockEstimatedDateShopShow: false,
      shopOptionsShow: false,
      quoteRequestAdminOptionsShow: false,
    });
    expect(displayFlagsOf('employee')).toEqual({
      filtersShopOnlyShow: true,
      marginCodeShow: false,
      pricesShopOnlyShow: true,
      shopIconsShow: true,
      stockEstimatedDateShopShow: true,
      shopOptionsShow: true,
      quoteRequestAdminOptionsShow: false,
    });
    expect(displayFlagsOf('admin')).toEqual({
      filtersShopOnlyShow: true,
      marginCodeShow: true,
      pricesShopOnlyShow: true,
      shopIconsShow: true,
      stockEstimatedDateShopShow: true,
      shopOptionsShow: true,
      quoteRequestAdminOptionsShow: true,
    });
    expect(Object.keys(displayFlagsOf('admin')).sort()).toEqual([...PERMISSION_FLAGS].sort());
  });
});
