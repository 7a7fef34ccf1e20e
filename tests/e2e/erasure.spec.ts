import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Erasure and retention in the browser: a learner asks for their account's deletion on the
 * profile's Sikkerhed tab and cancels it; an admin asks for a member's erasure under Personer and
 * cancels it, and sets how long data is kept under Indstillinger, where another asks for the
 * whole company's deletion and cancels it.
 */

test('a learner asks for their account to be deleted, with their password, and cancels it', async ({ page, browser, baseURL }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('erase-admin'), 'erase-admin-pass-1');
  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'erase-learner');
  await usePreferences(learner, { language: 'da', theme: 'dark' });
  await learner.goto('/profile?tab=security');
  const section = learner.getByRole('region', { name: 'Slet din konto' });
  await expect(section).toBeVisible();

  await section.getByRole('button', { name: 'Slet min konto' }).click();
  await expect(section.getByText('Skriv din adgangskode for at bekræfte, at det er dig.')).toBeVisible();
  await section.getByRole('textbox', { name: 'Din adgangskode' }).fill('not-my-password');
  await section.getByRole('button', { name: 'Slet min konto' }).click();
  await expect(section.getByText('Adgangskoden er forkert.')).toBeVisible();
  expect(((await (await learner.request.get('/api/me/erasure')).json()) as { erasure: unknown }).erasure).toBeNull();

  await section.getByRole('textbox', { name: 'Din adgangskode' }).fill('lise-pass-123');
  await section.getByRole('button', { name: 'Slet min konto' }).click();
  await expect(section.getByRole('status')).toContainText('Din konto slettes den');
  await expectNoAxeViolations(learner);
  await learner.reload();
  await expect(learner.getByRole('region', { name: 'Slet din konto' }).getByRole('status')).toContainText('Din konto slettes den');

  await learner.getByRole('button', { name: 'Fortryd sletningen' }).click();
  await expect(learner.getByRole('button', { name: 'Slet min konto' })).toBeVisible();
  expect(((await (await learner.request.get('/api/me/erasure')).json()) as { erasure: unknown }).erasure).toBeNull();
  await context.close();
});

test('an admin asks for a member’s erasure and cancels it, and sets how long data is kept', async ({ page, browser, baseURL }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('erase-boss'), 'erase-boss-pass-1');
  const { context } = await invitedLearner(page, browser, baseURL!, 'erase-member');
  await context.close();

  await page.goto('/dashboard/people');
  await page.getByRole('button', { name: 'Slet persondata for Lise Læring' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Slet persondata for Lise Læring?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Slet persondata' }).click();
  const member = page.getByTestId('member').filter({ hasText: 'Lise Læring' });
  await expect(member.getByText(/^Slettes /)).toBeVisible();
  await expectNoAxeViolations(page);

  await member.getByRole('button', { name: 'Fortryd sletning af Lise Læring' }).click();
  await expect(member.getByText(/^Slettes /)).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Slet persondata for Lise Læring' })).toBeVisible();

  await page.goto('/dashboard/settings');
  const retention = page.getByRole('region', { name: 'Opbevaring af data' });
  await retention.getByLabel('Slet samtaler med AI-assistenterne efter').selectOption({ label: '6 måneder' });
  await retention.getByLabel('Frist før en sletning (dage)').fill('7');
  await retention.getByRole('button', { name: 'Gem' }).click();
  await expect(retention.getByRole('status')).toHaveText('Gemt.');
  await page.reload();
  const again = page.getByRole('region', { name: 'Opbevaring af data' });
  await expect(again.getByLabel('Slet samtaler med AI-assistenterne efter')).toHaveValue('6');
  await expect(again.getByLabel('Frist før en sletning (dage)')).toHaveValue('7');
});

test('an admin asks for the company’s deletion with its name and their password, and cancels it', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('delete-company'), 'delete-company-pass-1');
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Slet virksomheden' });
  await expect(section).toBeVisible();

  const name = section.getByRole('textbox', { name: 'Skriv virksomhedens navn: MAGENTA ApS' });
  const password = section.getByRole('textbox', { name: 'Din adgangskode' });
  await name.fill('MAGENTA');
  await password.fill('delete-company-pass-1');
  await section.getByRole('button', { name: 'Slet virksomheden' }).click();
  await expect(section.getByText('Skriv virksomhedens navn, præcis som det står.')).toBeVisible();
  await name.fill('magenta aps');
  await password.fill('not-my-password');
  await section.getByRole('button', { name: 'Slet virksomheden' }).click();
  await expect(section.getByText('Adgangskoden er forkert.')).toBeVisible();
  expect(((await (await page.request.get('/api/organisation/deletion')).json()) as { deletion: unknown }).deletion).toBeNull();

  await password.fill('delete-company-pass-1');
  await section.getByRole('button', { name: 'Slet virksomheden' }).click();
  await expect(section.getByRole('status')).toContainText('Virksomheden slettes den');
  await expect(section.getByRole('status')).toContainText('Ulla Interface bad om det');
  await expectNoAxeViolations(page);
  await page.reload();
  const again = page.getByRole('region', { name: 'Slet virksomheden' });
  await expect(again.getByRole('status')).toContainText('Virksomheden slettes den');

  await again.getByRole('button', { name: 'Fortryd sletningen' }).click();
  await expect(again.getByRole('button', { name: 'Slet virksomheden' })).toBeVisible();
  expect(((await (await page.request.get('/api/organisation/deletion')).json()) as { deletion: unknown }).deletion).toBeNull();
});
