import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * A subscription changed, cancelled and resumed at /billing, against the fake Stripe the e2e server
 * runs (its subscription updates, schedules and previews, and the signed events they send).
 */

test('the plan chosen on /pricing is chosen at /billing; the trial shows its end', async ({ page }) => {
  await registerThroughApi(page, uniqueEmail('billing-wanted'), 'billing-pass-1');
  await page.goto('/pricing');
  // By keyboard, as the toggle's radio buttons are drawn as one control.
  await page.getByRole('radio', { name: 'Månedlig' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Årlig/ })).toBeChecked();
  await page.getByTestId('plan-enterprise').getByRole('link', { name: 'Vælg abonnementet' }).click();
  await expect(page).toHaveURL('/billing?plan=enterprise&period=annual');
  await expect(page.getByRole('radio', { name: /Enterprise/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Årlig betaling' })).toBeChecked();
  await expect(page.getByTestId('current-plan')).toContainText(/Prøveperioden slutter \d/);
  await page.getByRole('button', { name: 'Gå til betaling' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText(/Kursa Enterprise \(årlig\)/)).toBeVisible();
});

test('an admin upgrades now, schedules a smaller plan and withdraws it, cancels and resumes', async ({ page }) => {
  await registerThroughApi(page, uniqueEmail('billing-change'), 'billing-pass-1');
  await page.goto('/billing?plan=professional&period=monthly');
  await page.getByRole('button', { name: 'Gå til betaling' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/billing\?checkout=success$/);
  const current = page.getByTestId('current-plan');
  await expect(current).toContainText('Professional');
  await expect(page.getByTestId('next-invoice')).toContainText(/Næste faktura: 498,75\s*kr\. inkl\. moms den \d/);
  const change = page.getByRole('region', { name: 'Skift abonnement' });
  await expect(change.getByTestId('change-timing')).toHaveText('Det er jeres nuværende abonnement.');
  await expect(change.getByRole('button', { name: 'Skift abonnement' })).toBeDisabled();

  // Up: now, pro rata, invoiced.
  await change.getByRole('radio', { name: /Enterprise/ }).check();
  await expect(change.getByTestId('change-timing')).toHaveText(/^Skiftet gælder med det samme/);
  await change.getByRole('button', { name: 'Skift abonnement' }).click();
  await expect(change.getByRole('status')).toHaveText('Abonnementet er skiftet.');
  await expect(current).toContainText('Enterprise');
  await expect(page.getByTestId('next-invoice')).toContainText('998,75');
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Kursa Enterprise, månedligt abonnement, skift pro rata');

  // Down: at the period's end, said before it is sent; withdrawn.
  await change.getByRole('radio', { name: /Starter/ }).check();
  await expect(change.getByTestId('change-timing')).toHaveText(
    /^Skiftet sker, når den betalte periode slutter den .+; indtil da beholder I Enterprise\.$/,
  );
  await change.getByRole('button', { name: 'Skift abonnement' }).click();
  await expect(change.getByRole('status')).toHaveText(/^Skiftet er planlagt til /);
  const pending = page.getByTestId('pending-change');
  await expect(pending).toContainText(/Skifter til Starter, månedlig betaling, den /);
  await expect(current).toContainText('Enterprise');
  await expect(page.getByTestId('next-invoice')).toContainText('248,75');
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await pending.getByRole('button', { name: 'Fortryd skiftet' }).click();
  await expect(pending).toHaveCount(0);
  await expect(current.getByRole('status')).toHaveText('Skiftet er fortrudt; abonnementet fortsætter uændret.');
  await expect(page.getByTestId('next-invoice')).toContainText('998,75');

  // Cancelled at the period's end, after asking; resumed.
  await current.getByRole('button', { name: 'Opsig abonnementet' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Opsig abonnementet?' });
  await expect(dialog).toContainText(/I beholder Enterprise til /);
  await dialog.getByRole('button', { name: 'Opsig' }).click();
  await expect(page.getByTestId('subscription-cancelled')).toHaveText(/^Opsagt: abonnementet slutter .+ og fornyes ikke\.$/);
  await expect(page.getByTestId('next-invoice')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Skift abonnement' })).toContainText('Genoptag det for at skifte abonnement.');
  await current.getByRole('button', { name: 'Genoptag abonnementet' }).click();
  await expect(current.getByRole('status')).toHaveText('Abonnementet er genoptaget og fornyes igen.');
  await expect(current).toContainText('fornyes automatisk');
  await expect(page.getByTestId('next-invoice')).toBeVisible();

  // The audit log names each step.
  await page.goto('/audit-log');
  const entries = page.getByRole('table', { name: 'Revisionsloggens hændelser, nyeste først' }).getByTestId('audit-entry');
  await expect(entries.first()).toContainText('Abonnement genoptaget');
  for (const action of ['Planskift bestilt', 'Planskift fortrudt', 'Abonnement opsagt'])
    await expect(entries.filter({ hasText: action }).first()).toBeVisible();
});

test('/billing with a subscription in English and the dark theme is accessible', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('billing-change-en'), 'billing-pass-1');
  await page.goto('/billing?plan=starter&period=annual');
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('current-plan')).toContainText('renews automatically');
  const change = page.getByRole('region', { name: 'Change plan' });
  await change.getByRole('radio', { name: 'Monthly billing' }).check();
  await expect(change.getByTestId('change-timing')).toHaveText(
    /^The change happens when the period paid for ends on .+; until then you keep Starter\.$/,
  );
  await change.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByTestId('pending-change')).toContainText('Changes to Starter, monthly billing, on');
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
