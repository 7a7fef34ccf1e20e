import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { fillLogin, logout, uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Passkeys in the browser, with Chromium's virtual authenticator (DevTools' WebAuthn domain: a
 * platform authenticator that keeps discoverable credentials and verifies its user): an admin adds
 * one on the profile's Sikkerhed tab, logs in with it alone, and gives it as the second step after
 * the password.
 */

async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

test('an admin adds a passkey, logs in with it alone, and then gives it after the password', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await virtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  await registerThroughApi(page, email, 'passkey-pass-1');
  await page.goto('/profile?tab=security');

  const section = page.getByRole('region', { name: 'Adgangsnøgler' });
  await expect(section.getByText('Du har ingen adgangsnøgler endnu.')).toBeVisible();
  await section.getByRole('textbox', { name: 'Navn på adgangsnøglen' }).fill('Arbejdscomputer');
  await section.getByRole('button', { name: 'Tilføj adgangsnøgle' }).click();
  // The first second factor comes with the recovery codes, shown once.
  await expect(section.getByRole('list', { name: 'Dine gendannelseskoder' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'Jeg har gemt dem' }).click();
  await expect(section.getByRole('status')).toHaveText('Adgangsnøglen »Arbejdscomputer« er tilføjet.');
  const list = section.getByRole('list', { name: 'Dine adgangsnøgler' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Arbejdscomputer');
  await expect(list.getByRole('listitem')).toContainText('ikke brugt endnu');
  await expectNoAxeViolations(page);

  // Without the password: the browser offers the passkey, verified by its owner.
  await logout(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log ind med adgangsnøgle' }).click();
  await expect(page).toHaveURL('/dashboard');

  // With the password: the passkey is the second step.
  await logout(page);
  await page.goto('/login');
  await fillLogin(page, email, 'passkey-pass-1');
  const step = page.getByRole('group', { name: 'Totrinsbekræftelse' });
  await expect(step.getByText('Bekræft med din adgangsnøgle, at det er dig.')).toBeVisible();
  await expectNoAxeViolations(page);
  await step.getByRole('button', { name: 'Brug adgangsnøgle' }).click();
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/profile?tab=security');
  await expect(page.getByRole('region', { name: 'Adgangsnøgler' }).getByRole('listitem')).toContainText('sidst brugt');
  // With passkeys alone, the recovery codes are replaced from the app's section, with the password.
  const twoFactor = page.getByRole('region', { name: 'Totrinsbekræftelse' });
  await twoFactor.getByRole('button', { name: 'Lav nye gendannelseskoder' }).click();
  await twoFactor.getByLabel('Din adgangskode').fill('passkey-pass-1');
  await twoFactor.getByRole('button', { name: 'Lav nye gendannelseskoder' }).click();
  await expect(twoFactor.getByRole('list', { name: 'Dine gendannelseskoder' }).getByRole('listitem')).toHaveCount(10);
});

test('a passkey is renamed, and removing it asks for the password', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await virtualAuthenticator(page);
  await registerThroughApi(page, uniqueEmail('passkey-remove'), 'passkey-pass-2');
  await page.goto('/profile?tab=security');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('textbox', { name: 'Name of the passkey' }).fill('Phone');
  await section.getByRole('button', { name: 'Add passkey' }).click();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await section.getByRole('button', { name: 'Rename Phone' }).click();
  await section.getByRole('textbox', { name: 'Name of the passkey' }).first().fill('Work phone');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toContainText('Work phone');
  await section.getByRole('button', { name: 'Remove Work phone' }).click();
  const form = section.getByRole('form', { name: 'Remove Work phone' });
  await form.getByLabel('Your password').fill('not-the-password');
  await form.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(form.getByText('The current password is wrong.')).toBeVisible();
  await form.getByLabel('Your password').fill('passkey-pass-2');
  await form.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('The passkey has been removed.');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
});

test('an admin resets a member’s two-step verification from Personer, after confirming', async ({ page, browser, baseURL }) => {
  await usePreferences(page, { language: 'da' });
  await registerThroughApi(page, uniqueEmail('passkey-boss'), 'passkey-boss-pass-1');
  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'passkey-member');
  await virtualAuthenticator(learner);
  const { email } = (await (await learner.request.get('/api/me')).json()) as { email: string };
  // The member adds a passkey (through the browser's own dialog) and so has a second factor.
  await learner.goto('/profile?tab=security');
  const section = learner.getByRole('region', { name: 'Adgangsnøgler' });
  await section.getByRole('textbox', { name: 'Navn på adgangsnøglen' }).fill('Telefon');
  await section.getByRole('button', { name: 'Tilføj adgangsnøgle' }).click();
  await expect(section.getByRole('list', { name: 'Dine gendannelseskoder' })).toBeVisible();

  const mails = mailCount();
  await page.goto('/dashboard/people');
  await page.getByRole('button', { name: 'Nulstil totrinsbekræftelse for Lise Læring' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Nulstil totrinsbekræftelse for Lise Læring?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Nulstil' }).click();
  await expect(page.getByText('Totrinsbekræftelse er nulstillet for Lise Læring.')).toBeVisible();

  // The member is logged out, told by e-mail, and their password alone logs them in again.
  expect((await learner.request.get('/api/me')).status()).toBe(401);
  const mail = await nextMailTo(email, mails);
  expect(mail.subject).toBe('Din totrinsbekræftelse på Kursa er nulstillet');
  const login = await learner.request.post('/api/login', { data: { email, password: 'lise-pass-123' } });
  expect(await login.json()).toMatchObject({ email });
  await context.close();
});
