// The delivery promise of a prebuilt page made exact for the moment of reading: the page says "Voor 22:00 besteld,
// volgende bezorgdag in huis" (true on any day) in every [data-promise] element; this asks the delivery settings
// once (GET /api/delivery-rules/) and writes the promise of src/domain/delivery-promise.ts for now, e.g. "Nu
// besteld, maandag in huis" on a Saturday. Called by the product page's buy box once it has hydrated; a failed
// request leaves the page's text.
import { deliveryPromise } from '../domain/delivery-promise.ts';
import type { SpecialDate } from '../schemas/hours.ts';
import type { DeliverySettings } from '../schemas/delivery.ts';

type Rules = Pick<DeliverySettings, 'sameDayCutoff' | 'deliveryWeekdays'> & { closedDeliveryDates: string[] };

export async function refineDeliveryPromises(signal?: AbortSignal): Promise<void> {
  const elements = document.querySelectorAll<HTMLElement>('[data-promise]');
  if (elements.length === 0) return;
  try {
    const response = await fetch('/api/delivery-rules/', { signal, headers: { accept: 'application/json' }, credentials: 'omit' });
    if (!response.ok) return;
    const { data } = (await response.json()) as { data: Rules };
    const closed: SpecialDate[] = data.closedDeliveryDates.map((date) => ({
      date,
      label: '',
      closed: true,
      hours: [],
      appliesTo: ['delivery'],
    }));
    const text = deliveryPromise(new Date(), data, closed);
    if (!text) return;
    // A box keeps the size the page gave it (the text without a day is the longest), so nothing beside it moves: the
    // header's claims are flex items centred in a row, where a shorter text would shift the others (layout shift).
    // On an inline element (the stock line's, which ends its line) min-width and min-height do nothing, and need not.
    const boxes = [...elements].map((element) => element.getBoundingClientRect());
    elements.forEach((element, i) => {
      element.style.minWidth = `${boxes[i]!.width}px`;
      element.style.minHeight = `${boxes[i]!.height}px`;
      element.textContent = text;
    });
  } catch {}
}
