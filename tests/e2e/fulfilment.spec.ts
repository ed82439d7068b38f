// An order's fulfilment in the browser: a pick-up order (placed through the API, paid at the pick-up point), a member
// of staff sets "Klaar om af te halen" on its back-office page (no window fields for a pick-up order), and the
// customer's order page shows it as the current step of the timeline, in words, with the steps before and after.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { catalog, item } from '../api/helpers/catalog.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { addStaffAccount, logInStaff } from './fixtures/staff.ts';

const PICKUP_PRODUCT = [...catalog.summaries.values()].find((p) => !p.expired && p.stock.state === 'inStock' && p.pickUpDiscountPrice)!;

/** Places a pick-up order paid at the pick-up point, as the checkout does; its id and reference. */
async function placePickUpOrder(request: APIRequestContext): Promise<{ orderId: string; orderRef: string }> {
  const token = (await (await request.get('/api/app-state/')).json()).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/carts/', {
    headers,
    data: { items: item(PICKUP_PRODUCT, 1, { options: { pickUpDiscount: true } }) },
  });
  expect(created.status()).toBe(201);
  const cartId = (await created.json()).data.cartId as string;
  const placed = await request.put(`/api/carts/${cartId}/`, {
    headers,
    data: {
      firstName: 'Femke',
      lastName: 'Afhaal',
      emailAddress: 'femke.afhaal@voorbeeld.nl',
      phoneNumber: '06 12345678',
      shippingCountry: 'NL',
      shippingPostalCode: '2311EK',
      shippingHouseNumber: '101',
      shippingStreet: 'Breestraat',
      shippingCity: 'Leiden',
      paymentMethod: 'cardAtPickup',
      acceptedTermsAndConditions: true,
      deliveryDay: null,
      submit: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { orderId, orderRef } = (await placed.json()).data;
  return { orderId, orderRef };
}

test('staff set "Klaar om af te halen" and the customer sees it in the timeline', async ({ page, request }) => {
  const order = await placePickUpOrder(request);
  await logInStaff(page, addStaffAccount('employee', 'Piet Magazijn'));

  await page.goto(`/beheer/bestellingen/${order.orderId}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${order.orderRef}`);
  const card = page.getByRole('region', { name: 'Afhandeling' });
  await expect(card.getByRole('definition').first()).toHaveText('Ontvangen');
  // A pick-up order is never planned: no day or window to fill in.
  await expect(page.getByLabel('Bezorgdag')).toHaveCount(0);
  await card.getByLabel('Nieuwe status').selectOption({ label: 'Klaar om af te halen' });
  await card.getByRole('button', { name: 'Status opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De status is nu' })).toHaveText('De status is nu "Klaar om af te halen".');
  await expect(card.getByRole('definition').first()).toHaveText('Klaar om af te halen');
  await expect(card.getByRole('listitem').last()).toContainText('Klaar om af te halen, door Piet Magazijn');
  await expectNoSeriousViolations(page);

  await page.goto(`/bestelling/${order.orderId}/`);
  const timeline = page.getByRole('region', { name: 'Stand van zaken' });
  const steps = timeline.getByRole('listitem');
  // "Wordt klaargemaakt" was skipped, so it is not shown.
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText(/Ontvangen\s*Afgerond/);
  await expect(steps.nth(1)).toContainText(/Klaar om af te halen\s*Huidige status/);
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(2)).toContainText(/Afgehaald\s*Nog te doen/);
  await expect(timeline).not.toContainText('Piet Magazijn');
  await expectNoSeriousViolations(page);
});
