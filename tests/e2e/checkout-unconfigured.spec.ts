import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { useSecondServer } from './second-server.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi } from './ui-helpers.ts';
import { publishPaidCourse } from './billing-helpers.ts';

// Without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET every paid action says that
// payments are not set up. A second server from the same build, without them, next to the e2e
// server (whose port + 1 Chromium is allowed to use, see playwright.config.ts).

useSecondServer('nopay');

test('without Stripe, a paid course of another company cannot be bought, and its page says why', async ({ page, browser }) => {
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await registerThroughApi(seller, uniqueEmail('billing-seller'), 'billing-pass-1');
  const slug = await publishPaidCourse(seller, `Betalt kursus ${Date.now()}`);
  await sellerContext.close();

  await registerThroughApi(page, uniqueEmail('billing-buyer'), 'billing-pass-1');
  await page.goto(`/courses/${slug}`);
  const buy = page.getByTestId('buy-course');
  await expect(buy).toContainText('Betalinger er ikke sat op på denne installation, så kurset kan ikke købes her.');
  await expect(buy.getByRole('button')).toHaveCount(0);
  await page.getByRole('button', { name: 'Tilmeld nu' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Kurset er betalt: køb det til dig selv, eller bed en administrator købe pladser til virksomheden.',
  );
});

test('without Stripe, /billing says payments are not set up; the EAN number is saved', async ({ page }) => {
  await registerThroughApi(page, uniqueEmail('billing-off'), 'billing-pass-1');
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnement og fakturering' })).toBeVisible();
  await expect(page.getByTestId('payments-not-configured')).toHaveText('Betalinger er ikke sat op på denne installation.');
  await expect(page.getByTestId('current-plan')).toContainText('Prøveperiode');
  const ean = page.getByLabel('EAN-nummer (offentlige kunder)');
  await ean.fill('12345');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Et EAN-nummer er 13 cifre.')).toBeVisible();
  await ean.fill('5798000416604');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Gemt.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('EAN-nummer (offentlige kunder)')).toHaveValue('5798000416604');
  await expect(page.getByText('Ingen fakturaer endnu.')).toBeVisible();
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
