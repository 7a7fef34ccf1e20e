import AxeBuilder from '@axe-core/playwright';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Issue 9 §2 in the browser. The e2e server runs the fake Stripe (tests/helpers/fake-stripe.ts)
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
  const results = await new AxeBuilder({ page }).analyze();
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
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile((await download.path())!))), { mergePages: true });
  expect(text).toContain('Kursa ApS');
  expect(text).toContain('Moms 25 %');
  expect(text).toContain('447,00 DKK');
  expect(text).toContain('2.235,00 DKK');
});
