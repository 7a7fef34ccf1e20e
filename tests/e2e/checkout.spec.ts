import { settledAxe } from './axe.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';
import { publishPaidCourse } from './billing-helpers.ts';

/**
 * Payments in the browser. The e2e server runs the fake Stripe (tests/helpers/fake-stripe.ts)
 * and points the app's Stripe library at it: a company admin subscribes from /billing on the
 * fake's checkout page and comes back to the plan and its invoice. Without Stripe configured:
 * checkout-unconfigured.spec.ts.
 */
test('/billing in English and the dark theme is accessible', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('billing-dark'), 'billing-pass-1');
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan and billing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByText('No invoices yet.')).toBeVisible();
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a company admin subscribes through Checkout and downloads the invoice', async ({ page }) => {
  await registerThroughApi(page, uniqueEmail('billing-on'), 'billing-pass-1');
  await page.goto('/billing');
  await page.getByRole('radio', { name: 'Årlig betaling' }).check();
  await page.getByRole('radio', { name: /Starter/ }).check();
  await page.getByRole('button', { name: 'Gå til betaling' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Total: 2235.00 DKK')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/billing\?checkout=success$/);
  await expect(page.getByTestId('checkout-notice')).toHaveText('Tak: betalingen er modtaget, og jeres abonnement er aktivt.');
  await expect(page.getByTestId('current-plan')).toContainText('Starter');
  await expect(page.getByTestId('current-plan')).toContainText('Årlig betaling');
  await expect(page.getByTestId('current-plan')).toContainText('fornyes automatisk');
  const row = page.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Kursa Starter, årligt abonnement');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Hent faktura 1 som PDF/ }).click()]);
  expect(download.suggestedFilename()).toBe('faktura-1.pdf');
  const { readFile } = await import('node:fs/promises');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile((await download.path())!))), {
    mergePages: true,
  });
  expect(text).toContain('Kursa ApS');
  expect(text).toContain('Moms 25 %');
  expect(text).toContain('447,00 DKK');
  expect(text).toContain('2.235,00 DKK');
});

test('a person buys a paid course for themself through Checkout: enrolled by the webhook, invoiced by the course company', async ({
  page,
  browser,
}) => {
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await registerThroughApi(seller, uniqueEmail('course-seller'), 'billing-pass-1');
  const title = `Betalt kursus ${Date.now()}`;
  const slug = await publishPaidCourse(seller, title);
  await sellerContext.close();

  await registerThroughApi(page, uniqueEmail('course-buyer'), 'billing-pass-1');
  await page.goto(`/courses/${slug}`);
  const buy = page.getByTestId('buy-course');
  await expect(buy).toContainText('25 % moms lægges til ved betalingen');
  await buy.getByRole('button', { name: 'Køb til mig' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  // 499.99 kr. + 25 % moms (124.9975, rounded half up to 125.00 kr.).
  await expect(page.getByText('Total: 624.99 DKK')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${slug}\\?checkout=success$`));
  const courseId = await page.evaluate(async (s) => ((await (await fetch(`/api/catalogue/${s}`)).json()) as { id: string }).id, slug);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/courses/${courseId}/purchase`)).json()) as { enrolled: boolean }).enrolled)
    .toBe(true);

  await page.goto('/billing');
  const row = page.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(title);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Hent faktura 1 som PDF/ }).click()]);
  const { readFile } = await import('node:fs/promises');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile((await download.path())!))), {
    mergePages: true,
  });
  expect(text).toContain('Moms 25 %');
  expect(text).toContain('499,99 DKK');
  expect(text).toContain('624,99 DKK');
});
