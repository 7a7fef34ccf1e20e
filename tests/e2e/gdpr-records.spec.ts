import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * What a customer needs for GDPR in the browser: the sub-processors the installation is configured
 * with, the data processing agreement as a PDF for an admin (a note for anyone else), a person's
 * consents on the profile with withdrawing one, and the audit log's filters kept in the address.
 */

test('the sub-processors page lists what the server says is configured', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  const { subprocessors } = (await (await page.request.get('/api/legal/subprocessors')).json()) as {
    subprocessors: { kind: string; host: string }[];
  };
  await page.goto('/subprocessors');
  const list = page.getByTestId('subprocessor');
  await expect(list).toHaveCount(subprocessors.length);
  const server = list.filter({ has: page.getByRole('heading', { level: 3, name: 'Serveren og databasen' }) });
  await expect(server).toContainText(subprocessors[0]!.host);
  await expect(server).toContainText('Ingen overførsel uden for EU/EØS');
});

test('the agreement: a note to log in for a visitor, a PDF with the company for its admin', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await page.goto('/dpa');
  await expect(page.getByRole('heading', { level: 1, name: 'Databehandleraftale' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Log ind som administrator/ })).toHaveAttribute('href', '/login?next=%2Fdpa');
  await expect(page.getByRole('link', { name: 'Hent databehandleraftale (PDF)' })).toHaveCount(0);

  await registerThroughApi(page, uniqueEmail('dpa-admin'), 'dpa-admin-pass-1');
  await page.goto('/dpa');
  const link = page.getByRole('link', { name: 'Hent databehandleraftale (PDF)' });
  await expect(link).toHaveAttribute('href', '/api/organisation/dpa.pdf?lang=da');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^databehandleraftale-\d{8}\.pdf$/);
  const bytes = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectNoAxeViolations(page);
});

test("a person's consents on the profile: none, then the newsletter, withdrawn with its button", async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('consents'), 'consents-pass-1');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Sikkerhed' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Dine samtykker' })).toBeVisible();
  await expect(page.getByTestId('consents-empty')).toHaveText('Kursa har ingen samtykker gemt om dig.');

  const subscribed = await page.request.put('/api/newsletter/account', {
    data: { subscribed: true, language: 'da', consentText: 'Markedsførings-e-mails: Kursas nyhedsbrev til din e-mailadresse.' },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: 'Sikkerhed' }).click();
  const consent = page.getByTestId('consent');
  await expect(consent).toHaveCount(1);
  await expect(consent.getByRole('heading', { level: 3, name: 'Nyhedsbrev' })).toBeVisible();
  await expect(consent).toContainText('Givet ');
  await expect(consent).toContainText('»Markedsførings-e-mails: Kursas nyhedsbrev til din e-mailadresse.«');
  await expectNoAxeViolations(page);

  await consent.getByRole('button', { name: 'Træk tilbage: Nyhedsbrev' }).click();
  await expect(consent).toContainText('Trukket tilbage ');
  await expect(consent.getByRole('button', { name: /Træk tilbage/ })).toHaveCount(0);
  expect(await (await page.request.get('/api/newsletter/account')).json()).toEqual({ subscribed: false });
});

test("the audit log's filters are in the address: a reload keeps them, back goes to the filter before", async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('audit-url'), 'audit-url-pass-1');
  const invited = await page.request.post('/api/invitations', { data: { email: uniqueEmail('audit-url-learner'), role: 'learner' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitationId = ((await invited.json()) as { invitation: { id: string } }).invitation.id;
  expect((await page.request.delete(`/api/invitations/${invitationId}`)).status()).toBe(200);
  await page.goto('/audit-log');
  const rows = page.getByTestId('audit-entry');
  await expect(rows.filter({ hasText: 'invitation.sent' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'invitation.revoked' })).toHaveCount(1);

  await page.getByLabel('Handling').selectOption({ label: 'Invitation sendt' });
  await expect(page).toHaveURL('/audit-log?action=invitation.sent');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Fra og med').fill('2020-01-01');
  await expect(page).toHaveURL('/audit-log?action=invitation.sent&from=2020-01-01');

  await page.reload();
  await expect(page.getByLabel('Handling')).toHaveValue('invitation.sent');
  await expect(page.getByLabel('Fra og med')).toHaveValue('2020-01-01');
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Hent som JSON' })).toHaveAttribute('href', /action=invitation\.sent.*format=json/);

  await page.goBack();
  await expect(page).toHaveURL('/audit-log?action=invitation.sent');
  await expect(page.getByLabel('Fra og med')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL('/audit-log');
  await expect(page.getByLabel('Handling')).toHaveValue('');
  await expect(rows.filter({ hasText: 'invitation.revoked' })).toHaveCount(1);

  // The installation's public key, with the fingerprint to compare with the operator's.
  await expect(page.getByTestId('key-fingerprint')).toHaveText(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
  await expect(page.getByRole('link', { name: 'Hent offentlig nøgle (PEM)' })).toHaveAttribute('href', '/api/audit-log/public-key');
  await expectNoAxeViolations(page);
});
