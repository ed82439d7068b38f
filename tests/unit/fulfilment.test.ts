// The fulfilment rules (src/domain/fulfilment.ts): the two paths, forward only with skips, cancelling until done,
// prepaid orders that are not paid, the planned delivery's window and re-planning, and the history of who did what
// when. Every expected value is written out by hand.
import { describe, expect, it } from 'vitest';
import {
  applyFulfilmentChange,
  deliveryWindowSchema,
  FULFILMENT_LABELS,
  fulfilmentChangeSchema,
  fulfilmentPath,
  initialFulfilment,
  isFinal,
  nextFulfilmentStatuses,
  NOTIFIED_STATUSES,
  SMS_STATUSES,
  windowProblem,
  type Fulfilment,
  type FulfilmentActor,
  type FulfilmentOrder,
  type FulfilmentStatus,
} from '../../src/domain/fulfilment.ts';

const PLACED = '2027-03-01T09:00:00.000Z';
// 11:00 in Amsterdam (CET, UTC+1: summer time starts on 28 March 2027).
const AT = '2027-03-02T10:00:00.000Z';
const TODAY = '2027-03-02';
const anna: FulfilmentActor = { kind: 'staff', name: 'Anna de Vries' };
const webshop: FulfilmentActor = { kind: 'integration', name: 'webshop' };
const warehouse: FulfilmentActor = { kind: 'integration', name: 'warehouse' };
const window = { day: '2027-03-04', from: '13:00', to: '15:00' };

function at(status: FulfilmentStatus, extra: Partial<Fulfilment> = {}): Fulfilment {
  return { status, window: null, history: [{ status: 'received', at: PLACED, by: webshop }], ...extra };
}

const refused = (field: 'status' | 'window', message: string) => ({ ok: false, field, message });

function order(
  deliveryType: FulfilmentOrder['deliveryType'],
  fulfilment: Fulfilment = at('received'),
  payment: FulfilmentOrder['payment'] = { prepaid: true, status: 'paid' },
): FulfilmentOrder {
  return { deliveryType, payment, fulfilment };
}

describe('the fulfilment of an order as placed', () => {
  it('is received at the creation, by the web shop', () => {
    expect(initialFulfilment(PLACED)).toEqual({
      status: 'received',
      window: null,
      history: [{ status: 'received', at: PLACED, by: { kind: 'integration', name: 'webshop' } }],
    });
  });

  it('has a Dutch label for every status', () => {
    expect(FULFILMENT_LABELS).toEqual({
      received: 'Ontvangen',
      preparing: 'Wordt klaargemaakt',
      readyForPickup: 'Klaar om af te halen',
      planned: 'Bezorging gepland',
      onTheWay: 'Onderweg',
      delivered: 'Bezorgd',
      collected: 'Afgehaald',
      cancelled: 'Geannuleerd',
    });
  });

  it.each([
    ['pickUp', ['received', 'preparing', 'readyForPickup', 'collected']],
    ['default', ['received', 'preparing', 'planned', 'onTheWay', 'delivered']],
    ['extraService', ['received', 'preparing', 'planned', 'onTheWay', 'delivered']],
    ['assembly', ['received', 'preparing', 'planned', 'onTheWay', 'delivered']],
  ] as const)('a %s order goes %j', (type, path) => {
    expect(fulfilmentPath(type)).toEqual(path);
  });

  it.each([
    ['delivered', true],
    ['collected', true],
    ['cancelled', true],
    ['received', false],
    ['preparing', false],
    ['readyForPickup', false],
    ['planned', false],
    ['onTheWay', false],
  ] as const)('%s is final: %s', (status, final) => {
    expect(isFinal(status)).toBe(final);
  });

  it('tells the customer of four statuses, two of them also by SMS', () => {
    expect(NOTIFIED_STATUSES).toEqual(['readyForPickup', 'planned', 'onTheWay', 'delivered']);
    expect(SMS_STATUSES).toEqual(['readyForPickup', 'planned']);
  });
});

describe('moving forward', () => {
  it('adds the step with its time and who made it', () => {
    expect(applyFulfilmentChange(order('pickUp'), { status: 'preparing' }, anna, AT, TODAY)).toEqual({
      ok: true,
      fulfilment: {
        status: 'preparing',
        window: null,
        history: [
          { status: 'received', at: PLACED, by: webshop },
          { status: 'preparing', at: AT, by: anna },
        ],
      },
    });
  });

  it('may skip steps: a pick-up order straight to ready, a delivery straight to on its way', () => {
    const ready = applyFulfilmentChange(order('pickUp'), { status: 'readyForPickup' }, warehouse, AT, TODAY);
    expect(ready).toMatchObject({ ok: true, fulfilment: { status: 'readyForPickup', window: null } });
    const onTheWay = applyFulfilmentChange(order('default'), { status: 'onTheWay' }, warehouse, AT, TODAY);
    expect(onTheWay).toMatchObject({ ok: true, fulfilment: { status: 'onTheWay', window: null } });
  });

  it('ends a pick-up order collected and a delivery delivered', () => {
    expect(applyFulfilmentChange(order('pickUp', at('readyForPickup')), { status: 'collected' }, anna, AT, TODAY)).toMatchObject({
      ok: true,
      fulfilment: { status: 'collected' },
    });
    const onTheWay = at('onTheWay', { window });
    expect(applyFulfilmentChange(order('assembly', onTheWay), { status: 'delivered' }, anna, AT, TODAY)).toMatchObject({
      ok: true,
      fulfilment: { status: 'delivered', window: null },
    });
  });

  it('keeps the planned window while the delivery is on its way', () => {
    const planned = at('planned', { window });
    const outcome = applyFulfilmentChange(order('default', planned), { status: 'onTheWay' }, anna, AT, TODAY);
    expect(outcome).toMatchObject({ ok: true, fulfilment: { status: 'onTheWay', window } });
    if (!outcome.ok) return;
    expect(outcome.fulfilment.history[1]).toEqual({ status: 'onTheWay', at: AT, by: anna });
  });

  it('keeps the last 100 steps of the history', () => {
    const history = Array.from({ length: 100 }, (_, i) => ({
      status: 'planned' as const,
      at: `2027-03-01T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
      by: anna,
      window: { day: '2027-03-03', from: '13:00', to: '15:00' },
    }));
    const full: Fulfilment = { status: 'planned', window: { day: '2027-03-03', from: '13:00', to: '15:00' }, history };
    const outcome = applyFulfilmentChange(order('default', full), { status: 'onTheWay' }, anna, AT, TODAY);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.fulfilment.history).toHaveLength(100);
    expect(outcome.fulfilment.history[0]).toEqual(history[1]);
    expect(outcome.fulfilment.history[99]).toEqual({ status: 'onTheWay', at: AT, by: anna });
  });
});

describe('refused changes', () => {
  it('never goes back', () => {
    expect(applyFulfilmentChange(order('pickUp', at('preparing')), { status: 'received' }, anna, AT, TODAY)).toEqual(
      refused('status', 'De status gaat alleen vooruit: van "wordt klaargemaakt" kan niet naar "ontvangen".'),
    );
    expect(applyFulfilmentChange(order('default', at('onTheWay')), { status: 'preparing' }, anna, AT, TODAY)).toEqual(
      refused('status', 'De status gaat alleen vooruit: van "onderweg" kan niet naar "wordt klaargemaakt".'),
    );
  });

  it('does not set the status an order already has', () => {
    expect(applyFulfilmentChange(order('pickUp', at('readyForPickup')), { status: 'readyForPickup' }, anna, AT, TODAY)).toEqual(
      refused('status', 'De status gaat alleen vooruit: van "klaar om af te halen" kan niet naar "klaar om af te halen".'),
    );
  });

  it('keeps a pick-up order off the delivery path (planned is about its window)', () => {
    expect(applyFulfilmentChange(order('pickUp'), { status: 'planned', window }, anna, AT, TODAY)).toEqual(
      refused('window', 'Deze bestelling wordt afgehaald: de status "bezorging gepland" hoort bij een bezorging.'),
    );
    expect(applyFulfilmentChange(order('pickUp'), { status: 'planned' }, anna, AT, TODAY)).toEqual(
      refused('window', 'Deze bestelling wordt afgehaald: de status "bezorging gepland" hoort bij een bezorging.'),
    );
    expect(applyFulfilmentChange(order('pickUp'), { status: 'delivered' }, anna, AT, TODAY)).toEqual(
      refused('status', 'Deze bestelling wordt afgehaald: de status "bezorgd" hoort bij een bezorging.'),
    );
  });

  it('keeps a delivery off the pick-up path', () => {
    expect(applyFulfilmentChange(order('default'), { status: 'readyForPickup' }, anna, AT, TODAY)).toEqual(
      refused('status', 'Deze bestelling wordt bezorgd: de status "klaar om af te halen" hoort bij afhalen.'),
    );
    expect(applyFulfilmentChange(order('extraService'), { status: 'collected' }, anna, AT, TODAY)).toEqual(
      refused('status', 'Deze bestelling wordt bezorgd: de status "afgehaald" hoort bij afhalen.'),
    );
  });

  it('takes a window only with planned', () => {
    expect(applyFulfilmentChange(order('pickUp'), { status: 'readyForPickup', window }, anna, AT, TODAY)).toEqual(
      refused('window', 'Een bezorgvenster hoort alleen bij de status "bezorging gepland".'),
    );
    expect(applyFulfilmentChange(order('default'), { status: 'cancelled', window }, anna, AT, TODAY)).toEqual(
      refused('window', 'Een bezorgvenster hoort alleen bij de status "bezorging gepland".'),
    );
  });

  it.each([
    ['delivered', 'default', 'Deze bestelling is al bezorgd; de status verandert niet meer.'],
    ['collected', 'pickUp', 'Deze bestelling is al afgehaald; de status verandert niet meer.'],
    ['cancelled', 'pickUp', 'Deze bestelling is al geannuleerd; de status verandert niet meer.'],
  ] as const)('changes nothing once %s, not even a cancel', (status, type, message) => {
    expect(applyFulfilmentChange(order(type, at(status)), { status: 'cancelled' }, anna, AT, TODAY)).toEqual(refused('status', message));
  });
});

describe('cancelling', () => {
  it.each(['received', 'preparing', 'planned', 'onTheWay'] as const)('is possible from %s, and drops the window', (status) => {
    const current = at(status, status === 'planned' || status === 'onTheWay' ? { window } : {});
    expect(applyFulfilmentChange(order('default', current), { status: 'cancelled' }, anna, AT, TODAY)).toEqual({
      ok: true,
      fulfilment: {
        status: 'cancelled',
        window: null,
        history: [
          { status: 'received', at: PLACED, by: webshop },
          { status: 'cancelled', at: AT, by: anna },
        ],
      },
    });
  });

  it('is possible from ready to collect', () => {
    expect(applyFulfilmentChange(order('pickUp', at('readyForPickup')), { status: 'cancelled' }, anna, AT, TODAY)).toMatchObject({
      ok: true,
      fulfilment: { status: 'cancelled' },
    });
  });
});

describe('a prepaid order that is not paid', () => {
  it.each(['open', 'pending', 'authorized', 'awaitingTransfer', 'expired', 'failed', 'cancelled'] as const)(
    'with payment %s only cancels',
    (payment) => {
      const unpaid = order('pickUp', at('received'), { prepaid: true, status: payment });
      expect(applyFulfilmentChange(unpaid, { status: 'preparing' }, anna, AT, TODAY)).toEqual(
        refused('status', 'Deze bestelling is nog niet betaald: zet haar pas verder als de betaling binnen is.'),
      );
      expect(applyFulfilmentChange(unpaid, { status: 'cancelled' }, anna, AT, TODAY)).toMatchObject({
        ok: true,
        fulfilment: { status: 'cancelled' },
      });
    },
  );

  it('is not asked of an order paid at pick-up or delivery', () => {
    const later = order('pickUp', at('received'), { prepaid: false, status: 'open' });
    expect(applyFulfilmentChange(later, { status: 'readyForPickup' }, anna, AT, TODAY)).toMatchObject({
      ok: true,
      fulfilment: { status: 'readyForPickup' },
    });
    const cancelled = order('pickUp', at('received'), { prepaid: false, status: 'cancelled' });
    expect(applyFulfilmentChange(cancelled, { status: 'preparing' }, anna, AT, TODAY)).toEqual(
      refused('status', 'Deze bestelling is geannuleerd bij de betaling: ze kan alleen nog worden geannuleerd.'),
    );
  });
});

describe('planning a delivery', () => {
  it('records the day and window on the order and in the history', () => {
    expect(applyFulfilmentChange(order('default', at('preparing')), { status: 'planned', window }, anna, AT, TODAY)).toEqual({
      ok: true,
      fulfilment: {
        status: 'planned',
        window: { day: '2027-03-04', from: '13:00', to: '15:00' },
        history: [
          { status: 'received', at: PLACED, by: webshop },
          { status: 'planned', at: AT, by: anna, window: { day: '2027-03-04', from: '13:00', to: '15:00' } },
        ],
      },
    });
  });

  it('needs a window', () => {
    expect(applyFulfilmentChange(order('default'), { status: 'planned' }, anna, AT, TODAY)).toEqual(
      refused('window', 'Geef bij een geplande bezorging de dag en het venster van twee uur.'),
    );
  });

  it.each([
    [{ day: '2027-03-01', from: '13:00', to: '15:00' }, 'De bezorgdag 2027-03-01 ligt in het verleden.'],
    [{ day: '2027-02-30', from: '13:00', to: '15:00' }, '2027-02-30 is geen bestaande datum.'],
    [{ day: '2027-13-01', from: '13:00', to: '15:00' }, '2027-13-01 is geen bestaande datum.'],
    [{ day: '2027-03-04', from: '13:00', to: '14:30' }, 'Een bezorgvenster duurt precies twee uur, bijvoorbeeld van 13:00 tot 15:00.'],
    [{ day: '2027-03-04', from: '13:00', to: '16:00' }, 'Een bezorgvenster duurt precies twee uur, bijvoorbeeld van 13:00 tot 15:00.'],
    [{ day: '2027-03-04', from: '15:00', to: '13:00' }, 'Een bezorgvenster duurt precies twee uur, bijvoorbeeld van 13:00 tot 15:00.'],
    [{ day: '2027-03-04', from: '06:00', to: '08:00' }, 'We bezorgen tussen 07:00 en 22:00.'],
    [{ day: '2027-03-04', from: '20:30', to: '22:30' }, 'We bezorgen tussen 07:00 en 22:00.'],
    // Today, 11:00 in Amsterdam: a window that has ended.
    [{ day: '2027-03-02', from: '09:00', to: '11:00' }, 'Het bezorgvenster van 09:00 tot 11:00 is vandaag al voorbij.'],
    [{ day: '2027-03-02', from: '07:00', to: '09:00' }, 'Het bezorgvenster van 07:00 tot 09:00 is vandaag al voorbij.'],
  ])('refuses %j', (given, message) => {
    expect(applyFulfilmentChange(order('default'), { status: 'planned', window: given }, anna, AT, TODAY)).toEqual(
      refused('window', message),
    );
  });

  it.each([
    { day: '2027-03-02', from: '10:00', to: '12:00' }, // today, still running at 11:00
    { day: '2027-03-02', from: '20:00', to: '22:00' }, // today, the last window
    { day: '2027-03-05', from: '07:00', to: '09:00' }, // the first window
    { day: '2028-02-29', from: '07:30', to: '09:30' }, // a leap day; windows need not start on the hour
  ])('takes %j', (taken) => {
    expect(applyFulfilmentChange(order('default'), { status: 'planned', window: taken }, anna, AT, TODAY)).toMatchObject({
      ok: true,
      fulfilment: { status: 'planned', window: taken },
    });
  });

  it('reads "today" in Amsterdam time: 09:00 UTC on 1 July is 11:00 summer time', () => {
    const summer = '2027-07-01T09:00:00.000Z';
    const ended = { day: '2027-07-01', from: '09:00', to: '11:00' };
    const running = { day: '2027-07-01', from: '09:30', to: '11:30' };
    expect(applyFulfilmentChange(order('default'), { status: 'planned', window: ended }, anna, summer, '2027-07-01')).toMatchObject({
      ok: false,
      message: 'Het bezorgvenster van 09:00 tot 11:00 is vandaag al voorbij.',
    });
    expect(applyFulfilmentChange(order('default'), { status: 'planned', window: running }, anna, summer, '2027-07-01')).toMatchObject({
      ok: true,
    });
  });

  it('may plan again with another day or window, not with the same one', () => {
    const planned = at('planned', {
      window,
      history: [
        { status: 'received', at: PLACED, by: webshop },
        { status: 'planned', at: '2027-03-01T12:00:00.000Z', by: anna, window },
      ],
    });
    const later = { day: '2027-03-04', from: '15:00', to: '17:00' };
    expect(applyFulfilmentChange(order('default', planned), { status: 'planned', window: later }, warehouse, AT, TODAY)).toEqual({
      ok: true,
      fulfilment: {
        status: 'planned',
        window: later,
        history: [
          { status: 'received', at: PLACED, by: webshop },
          { status: 'planned', at: '2027-03-01T12:00:00.000Z', by: anna, window },
          { status: 'planned', at: AT, by: warehouse, window: later },
        ],
      },
    });
    expect(applyFulfilmentChange(order('default', planned), { status: 'planned', window: { ...window } }, anna, AT, TODAY)).toEqual(
      refused('window', 'Deze bezorging is al zo gepland.'),
    );
  });

  it('does not plan an order on its way again', () => {
    expect(applyFulfilmentChange(order('default', at('onTheWay', { window })), { status: 'planned', window }, anna, AT, TODAY)).toEqual(
      refused('status', 'De status gaat alleen vooruit: van "onderweg" kan niet naar "bezorging gepland".'),
    );
  });

  it('windowProblem without the time of day only looks at the day', () => {
    expect(windowProblem({ day: '2027-03-02', from: '07:00', to: '09:00' }, '2027-03-02')).toBeNull();
  });
});

describe('the change as staff and integrations send it', () => {
  it('takes a status and an optional window', () => {
    expect(fulfilmentChangeSchema.safeParse({ status: 'planned', window }).success).toBe(true);
    expect(fulfilmentChangeSchema.safeParse({ status: 'preparing' }).success).toBe(true);
    expect(fulfilmentChangeSchema.safeParse({ status: 'shipped' }).success).toBe(false);
    expect(fulfilmentChangeSchema.safeParse({}).success).toBe(false);
  });

  it.each([
    [{ day: '2027-03-04', from: '7:00', to: '9:00' }, false],
    [{ day: '4-3-2027', from: '13:00', to: '15:00' }, false],
    [{ day: '2027-03-04', from: '24:00', to: '02:00' }, false],
    [{ day: '2027-03-04', from: '13:00' }, false],
    [{ day: '2027-03-04', from: '13:00', to: '15:00' }, true],
  ])('a window %j is well-formed: %s', (value, ok) => {
    expect(deliveryWindowSchema.safeParse(value).success).toBe(ok);
  });
});

describe('the statuses staff may choose next', () => {
  it.each([
    ['pickUp', 'received', ['preparing', 'readyForPickup', 'collected', 'cancelled']],
    ['pickUp', 'readyForPickup', ['collected', 'cancelled']],
    ['default', 'received', ['preparing', 'planned', 'onTheWay', 'delivered', 'cancelled']],
    ['default', 'planned', ['planned', 'onTheWay', 'delivered', 'cancelled']],
    ['assembly', 'onTheWay', ['delivered', 'cancelled']],
    ['default', 'delivered', []],
    ['pickUp', 'cancelled', []],
  ] as const)('a %s order that is %s: %j', (type, status, next) => {
    expect(nextFulfilmentStatuses(order(type, at(status)))).toEqual(next);
  });

  it('only cancelled for a prepaid order that is not paid', () => {
    expect(nextFulfilmentStatuses(order('default', at('received'), { prepaid: true, status: 'awaitingTransfer' }))).toEqual(['cancelled']);
    expect(nextFulfilmentStatuses(order('pickUp', at('received'), { prepaid: false, status: 'open' }))).toEqual([
      'preparing',
      'readyForPickup',
      'collected',
      'cancelled',
    ]);
  });
});
