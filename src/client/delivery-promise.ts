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
    if (text) for (const element of elements) element.textContent = text;
  } catch {}
}
