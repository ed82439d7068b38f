// The texts of the two SMS the customer gets (src/domain/fulfilment.ts SMS_STATUSES): "ready to collect" names the
// order number, where (address) and the opening hours; "planned" names the order number, the day and the two-hour
// window. Each is made to fit one SMS part (gsm.ts fitSms: optional pieces are dropped first). Pure.
import { dayLabel } from '../../domain/delivery-calendar.ts';
import type { DeliveryWindow } from '../../domain/fulfilment.ts';
import type { PickupDetails } from '../../domain/shops.ts';
import { fitSms } from './gsm.ts';

const SHORT_DAYS: [RegExp, string][] = [
  [/maandag/gi, 'ma'],
  [/dinsdag/gi, 'di'],
  [/woensdag/gi, 'wo'],
  [/donderdag/gi, 'do'],
  [/vrijdag/gi, 'vr'],
  [/zaterdag/gi, 'za'],
  [/zondag/gi, 'zo'],
];

/** Opening-hours lines ('Maandag t/m vrijdag: 09:00 - 20:00') in a few characters: 'ma-vr 9:00-20:00; …'. */
export function compactHours(lines: readonly string[]): string {
  return lines
    .map((line) => {
      let short = line;
      for (const [day, abbreviation] of SHORT_DAYS) short = short.replace(day, abbreviation);
      return short
        .replace(' t/m ', '-')
        .replace(' en ', '/')
        .replace(': ', ' ')
        .replace(/ - /g, '-')
        .replace(/\b0(\d):/g, '$1:')
        .replace('Gesloten', 'dicht');
    })
    .join('; ');
}

/** 'Hogeweg 22, 2381 LW Zoeterwoude' → 'Hogeweg 22, Zoeterwoude' (the postal code left out). */
function shortAddress(address: string): string {
  return address.replace(/, \d{4}(?: ?[A-Z]{2})? /, ', ');
}

/** 'vrijdag 4 december tussen 13:00 en 15:00'. */
function windowText(window: DeliveryWindow): string {
  return `${dayLabel(window.day)} tussen ${window.from} en ${window.to}`;
}

/** "Ligt klaar": the order number, the place and the hours. */
export function readyForPickupSms(shop: string, orderRef: string, pickup: PickupDetails | null): string {
  if (!pickup) return fitSms([`${shop}: je bestelling ${orderRef} ligt klaar om af te halen. Waar en wanneer staat in je e-mail.`]);
  const hours = compactHours(pickup.hours);
  const start = `${shop}: je bestelling ${orderRef} ligt klaar`;
  return fitSms([
    `${start} bij ${pickup.name}, ${shortAddress(pickup.address)}. Open ${hours}. Neem je ordernummer mee.`,
    `${start} bij ${pickup.name}, ${shortAddress(pickup.address)}. Open ${hours}.`,
    `${start}: ${shortAddress(pickup.address)}. Open ${hours}. Neem je ordernummer mee.`,
    `${start}: ${shortAddress(pickup.address)}. Open ${hours}.`,
    `${start}: ${shortAddress(pickup.address)}. Openingstijden in je e-mail.`,
  ]);
}

/** "Bezorging gepland": the order number, the day and the window; how to reach the shop when that does not suit. */
export function deliveryPlannedSms(shop: string, orderRef: string, window: DeliveryWindow, phone: string): string {
  const start = `${shop}: we bezorgen je bestelling ${orderRef} op ${windowText(window)}.`;
  return fitSms([`${start} Past het niet? Bel ${phone}.`, start]);
}
