import { expectNoAxeViolations } from './axe.ts';
import { addTxtRecord } from './dns-records.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * A company's e-mail domains: the admin adds one on Indstillinger, is shown the TXT record, DNS is
 * asked for real (the e2e server's local DNS), and it is verified. Then, on the profile's Sikkerhed
 * tab, the admin sees where they are logged in and logs another browser out.
 */
test('an admin proves an e-mail domain, and logs one of their own other sessions out', async ({ page, browser }) => {
  await usePreferences(page, { language: 'da' });
  const email = uniqueEmail('domains');
  await registerThroughApi(page, email, 'domains-password-1');
  const domain = `firma-${Date.now().toString(36)}.test`;

  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'E-maildomæner' });
  await card.getByLabel('Domæne', { exact: true }).fill(domain.toUpperCase());
  await card.getByRole('button', { name: 'Tilføj domæne' }).click();
  const item = card.getByTestId('email-domain');
  await expect(item.getByRole('heading', { name: domain })).toBeVisible();
  await expect(item.getByText(`_kursa-verification.${domain}`)).toBeVisible();
  const value = (await item.getByTestId('email-domain-txt').textContent())!;
  expect(value).toMatch(/^kursa-verification=[0-9a-f]{32}$/);
  await expect(item.getByTestId('email-domain-status')).toHaveText('Afventer bekræftelse');
  await expectNoAxeViolations(page);

  await item.getByRole('button', { name: `Bekræft ${domain}` }).click();
  await expect(card.getByRole('alert')).toContainText('TXT-posten blev ikke fundet');
  addTxtRecord(`_kursa-verification.${domain}`, value);
  await item.getByRole('button', { name: `Bekræft ${domain}` }).click();
  await expect(item.getByTestId('email-domain-status')).toContainText('Bekræftet via DNS');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The same person logged in from another browser.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const login = await otherPage.request.post('/api/login', { data: { email, password: 'domains-password-1' } });
  expect(login.status(), await login.text()).toBe(200);
  expect((await otherPage.request.get('/api/me')).status()).toBe(200);

  await page.goto('/profile?tab=security');
  const sessions = page.getByRole('region', { name: 'Hvor du er logget ind' });
  await expect(sessions.getByTestId('own-session')).toHaveCount(2);
  await expect(sessions.getByText('Denne enhed')).toBeVisible();
  await expectNoAxeViolations(page);
  await sessions.getByRole('button', { name: /^Log ud af / }).click();
  await expect(sessions.getByTestId('own-session')).toHaveCount(1);
  expect((await otherPage.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await other.close();
});

test('an admin signs a member out everywhere from Personer, after confirming', async ({ page, browser, baseURL }) => {
  await usePreferences(page, { language: 'da' });
  await registerThroughApi(page, uniqueEmail('sessions-boss'), 'sessions-boss-pass-1');
  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'sessions-member');
  expect((await learner.request.get('/api/me')).status()).toBe(200);

  await page.goto('/dashboard/people');
  await page.getByRole('button', { name: 'Log ud alle steder for Lise Læring' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Log Lise Læring ud alle steder?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Log ud alle steder' }).click();
  await expect(page.getByText('Lise Læring er logget ud af 1 session.')).toBeVisible();
  expect((await learner.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await context.close();
});
