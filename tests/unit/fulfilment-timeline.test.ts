// The customer's fulfilment timeline (src/domain/fulfilment-timeline.ts): the steps of the order's path with their
// state, time (Amsterdam) and planned window, skipped steps left out, cancelled shown plainly. Expected texts are
// written out by hand from the calendar: 1 March 2027 is a Monday, summer time starts on 28 March 2027.
import { describe, expect, it } from 'vitest';
import type { Fulfilment, FulfilmentActor } from '../../src/domain/fulfilment.ts';
import { dutchMoment, dutchWindow, fulfilmentTimeline, STEP_STATE_LABELS } from '../../src/domain/fulfilment-timeline.ts';

const PLACED = '2027-03-01T09:00:00.000Z'; // maandag 1 maart 2027 om 10:00
const webshop: FulfilmentActor = { kind: 'integration', name: 'webshop' };
const anna: FulfilmentActor = { kind: 'staff', name: 'Anna de Vries' };
const window = { day: '2027-03-04', from: '13:00', to: '15:00' };

const pickUp = (fulfilment?: Fulfilment) => ({ createdAt: PLACED, delivery: { deliveryType: 'pickUp' as const }, fulfilment });
const delivery = (fulfilment?: Fulfilment) => ({ createdAt: PLACED, delivery: { deliveryType: 'default' as const }, fulfilment });
const received = { status: 'received' as const, at: PLACED, by: webshop };

describe('the timeline of an order', () => {
  it('of a new pick-up order: received now, the rest to come', () => {
    const fulfilment: Fulfilment = { status: 'received', window: null, history: [received] };
    expect(fulfilmentTimeline(pickUp(fulfilment))).toEqual({
      cancelled: false,
      steps: [
        { status: 'received', label: 'Ontvangen', state: 'current', when: 'maandag 1 maart 2027 om 10:00', window: null },
        { status: 'preparing', label: 'Wordt klaargemaakt', state: 'next', when: null, window: null },
        { status: 'readyForPickup', label: 'Klaar om af te halen', state: 'next', when: null, window: null },
        { status: 'collected', label: 'Afgehaald', state: 'next', when: null, window: null },
      ],
    });
  });

  it('of an order placed before fulfilment existed: received at its creation', () => {
    expect(fulfilmentTimeline(delivery()).steps.map((step) => [step.status, step.state, step.when])).toEqual([
      ['received', 'current', 'maandag 1 maart 2027 om 10:00'],
      ['preparing', 'next', null],
      ['planned', 'next', null],
      ['onTheWay', 'next', null],
      ['delivered', 'next', null],
    ]);
  });

  it('of a planned delivery: the day and window on the planned step', () => {
    const fulfilment: Fulfilment = {
      status: 'planned',
      window,
      history: [
        received,
        { status: 'preparing', at: '2027-03-01T13:15:00.000Z', by: anna },
        { status: 'planned', at: '2027-03-02T10:00:00.000Z', by: anna, window },
      ],
    };
    expect(fulfilmentTimeline(delivery(fulfilment))).toEqual({
      cancelled: false,
      steps: [
        { status: 'received', label: 'Ontvangen', state: 'done', when: 'maandag 1 maart 2027 om 10:00', window: null },
        { status: 'preparing', label: 'Wordt klaargemaakt', state: 'done', when: 'maandag 1 maart 2027 om 14:15', window: null },
        {
          status: 'planned',
          label: 'Bezorging gepland',
          state: 'current',
          when: 'dinsdag 2 maart 2027 om 11:00',
          window: 'donderdag 4 maart 2027 tussen 13:00 en 15:00',
        },
        { status: 'onTheWay', label: 'Onderweg', state: 'next', when: null, window: null },
        { status: 'delivered', label: 'Bezorgd', state: 'next', when: null, window: null },
      ],
    });
  });

  it('of a delivery planned again: the latest window and the time it was planned', () => {
    const later = { day: '2027-03-05', from: '08:00', to: '10:00' };
    const fulfilment: Fulfilment = {
      status: 'planned',
      window: later,
      history: [
        received,
        { status: 'planned', at: '2027-03-02T10:00:00.000Z', by: anna, window },
        { status: 'planned', at: '2027-03-03T16:45:00.000Z', by: anna, window: later },
      ],
    };
    const planned = fulfilmentTimeline(delivery(fulfilment)).steps.find((step) => step.status === 'planned');
    expect(planned).toEqual({
      status: 'planned',
      label: 'Bezorging gepland',
      state: 'current',
      when: 'woensdag 3 maart 2027 om 17:45',
      window: 'vrijdag 5 maart 2027 tussen 08:00 en 10:00',
    });
  });

  it('leaves out the steps that were skipped', () => {
    const fulfilment: Fulfilment = {
      status: 'readyForPickup',
      window: null,
      history: [received, { status: 'readyForPickup', at: '2027-03-01T15:00:00.000Z', by: anna }],
    };
    expect(fulfilmentTimeline(pickUp(fulfilment)).steps).toEqual([
      { status: 'received', label: 'Ontvangen', state: 'done', when: 'maandag 1 maart 2027 om 10:00', window: null },
      { status: 'readyForPickup', label: 'Klaar om af te halen', state: 'current', when: 'maandag 1 maart 2027 om 16:00', window: null },
      { status: 'collected', label: 'Afgehaald', state: 'next', when: null, window: null },
    ]);
  });

  it('of a delivered order: every step done, nothing current, the window kept (summer time)', () => {
    const summer = { day: '2027-07-01', from: '09:00', to: '11:00' };
    const fulfilment: Fulfilment = {
      status: 'delivered',
      window: null,
      history: [
        received,
        { status: 'preparing', at: '2027-06-29T08:00:00.000Z', by: anna },
        { status: 'planned', at: '2027-06-29T08:05:00.000Z', by: anna, window: summer },
        { status: 'onTheWay', at: '2027-07-01T06:30:00.000Z', by: anna },
        { status: 'delivered', at: '2027-07-01T08:10:00.000Z', by: anna },
      ],
    };
    expect(fulfilmentTimeline(delivery(fulfilment)).steps).toEqual([
      { status: 'received', label: 'Ontvangen', state: 'done', when: 'maandag 1 maart 2027 om 10:00', window: null },
      { status: 'preparing', label: 'Wordt klaargemaakt', state: 'done', when: 'dinsdag 29 juni 2027 om 10:00', window: null },
      {
        status: 'planned',
        label: 'Bezorging gepland',
        state: 'done',
        when: 'dinsdag 29 juni 2027 om 10:05',
        window: 'donderdag 1 juli 2027 tussen 09:00 en 11:00',
      },
      { status: 'onTheWay', label: 'Onderweg', state: 'done', when: 'donderdag 1 juli 2027 om 08:30', window: null },
      { status: 'delivered', label: 'Bezorgd', state: 'done', when: 'donderdag 1 juli 2027 om 10:10', window: null },
    ]);
  });

  it('of a cancelled order: what had happened, then cancelled, nothing to come', () => {
    const fulfilment: Fulfilment = {
      status: 'cancelled',
      window: null,
      history: [
        received,
        { status: 'preparing', at: '2027-03-01T13:15:00.000Z', by: anna },
        { status: 'cancelled', at: '2027-03-01T23:30:00.000Z', by: anna },
      ],
    };
    expect(fulfilmentTimeline(pickUp(fulfilment))).toEqual({
      cancelled: true,
      steps: [
        { status: 'received', label: 'Ontvangen', state: 'done', when: 'maandag 1 maart 2027 om 10:00', window: null },
        { status: 'preparing', label: 'Wordt klaargemaakt', state: 'done', when: 'maandag 1 maart 2027 om 14:15', window: null },
        { status: 'cancelled', label: 'Geannuleerd', state: 'current', when: 'dinsdag 2 maart 2027 om 00:30', window: null },
      ],
    });
  });

  it('never names who made a change', () => {
    const fulfilment: Fulfilment = {
      status: 'preparing',
      window: null,
      history: [received, { status: 'preparing', at: PLACED, by: anna }],
    };
    expect(JSON.stringify(fulfilmentTimeline(pickUp(fulfilment)))).not.toContain('Anna');
  });
});

describe('the words of the timeline', () => {
  it('says each state in words', () => {
    expect(STEP_STATE_LABELS).toEqual({ done: 'Afgerond', current: 'Huidige status', next: 'Nog te doen' });
  });

  it('gives moments in Amsterdam time, across midnight and in summer time', () => {
    expect(dutchMoment('2027-03-01T23:30:00.000Z')).toBe('dinsdag 2 maart 2027 om 00:30');
    expect(dutchMoment('2027-07-01T09:00:00.000Z')).toBe('donderdag 1 juli 2027 om 11:00');
  });

  it('gives a window as a day with its two hours', () => {
    expect(dutchWindow({ day: '2027-12-31', from: '20:00', to: '22:00' })).toBe('vrijdag 31 december 2027 tussen 20:00 en 22:00');
  });
});
