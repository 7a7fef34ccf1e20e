import { settledAxe } from './axe.ts';
import type { APIRequestContext } from '@playwright/test';
import { freshCvr } from '../helpers/cvr.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { navigation, uniqueEmail } from './support.ts';
import { usePreferences } from './ui-helpers.ts';

/** Password reset in the browser: forgot password → the mail → the reset page → log in with the new password. */

async function registerAccount(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/register', {
    data: {
      companyName: 'Glemsom ApS',
      cvrNumber: freshCvr(),
      contactName: 'Gitte Glemsom',
      email,
      phone: '+45 33 12 34 56',
      address: 'Nørregade 10',
      city: 'Aarhus C',
      postalCode: '8000',
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  });
  expect(res.status()).toBe(201);
  // The browser's session from the registration ends, as a reset would end it anyway.
  await request.post('/api/logout');
}

const linkIn = (text: string) => /http:\/\/localhost:\d+(\/reset-password\/[\w-]+)/.exec(text)?.[1];

test('forgot password: the login page links to it, the mail carries a link, the new password logs in and the link works once', async ({
  page,
}) => {
  const email = uniqueEmail('glemt');
  await registerAccount(page.request, email, 'old-password-1');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Glemt din adgangskode?' })).toBeVisible();
  expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze()).violations).toEqual([]);

  const before = mailCount();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  const sent = page.getByTestId('reset-sent');
  await expect(sent.getByRole('heading', { name: 'Tjek din indbakke' })).toBeFocused();
  await expect(sent).toContainText(
    `Hvis der er en konto med ${email}, har vi sendt et link til den. Linket virker én gang og i 60 minutter.`,
  );

  const mail = await nextMailTo(email, before);
  expect(mail.subject).toBe('Nulstil din adgangskode på Kursa');
  const path = linkIn(mail.text);
  expect(path).toBeTruthy();

  await page.goto(path!);
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg en ny adgangskode' })).toBeVisible();
  const fresh = page.getByLabel('Ny adgangskode', { exact: true });
  await fresh.fill('short');
  await page.getByLabel('Bekræft ny adgangskode', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  // The server's rule, on the field, which gets focus.
  await expect(page.getByText('Ny adgangskode skal være mindst 8 tegn')).toBeVisible();
  await expect(fresh).toBeFocused();
  await expect(fresh).toHaveAttribute('aria-invalid', 'true');

  await fresh.fill('new-password-2');
  // Show/hide, as on /register.
  await page.getByRole('button', { name: 'Vis Ny adgangskode' }).click();
  await expect(fresh).toHaveAttribute('type', 'text');
  await page.getByLabel('Bekræft ny adgangskode', { exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await expect(page.getByRole('heading', { name: 'Din adgangskode er ændret' })).toBeFocused();

  await page.getByRole('link', { name: 'Log ind' }).last().click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.context().clearCookies();

  // The link is used up: the page says so and offers a new one.
  await page.goto(path!);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('third-password-3');
  await page.getByLabel('Bekræft ny adgangskode', { exact: true }).fill('third-password-3');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  const problem = page.getByTestId('reset-link-problem');
  await expect(problem.getByRole('heading', { name: 'Linket virker ikke' })).toBeFocused();
  await expect(problem).toContainText('Linket er allerede brugt eller erstattet af et nyere. Bed om et nyt link.');
  await problem.getByRole('link', { name: 'Bed om et nyt link' }).click();
  await expect(page).toHaveURL('/forgot-password');
});

test('a reset in a browser that is logged in to the account ends its session there too', async ({ page }) => {
  const email = uniqueEmail('logget-ind');
  await registerAccount(page.request, email, 'old-password-1');
  expect((await page.request.post('/api/login', { data: { email, password: 'old-password-1' } })).status()).toBe(200);
  const before = mailCount();
  expect((await page.request.post('/api/password-reset', { data: { email } })).status()).toBe(202);
  const path = linkIn((await nextMailTo(email, before)).text);

  await page.goto(path!);
  await expect(navigation(page).getByTestId('nav-user-name')).toHaveText('Gitte Glemsom');
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('new-password-2');
  await page.getByLabel('Bekræft ny adgangskode', { exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await expect(page.getByRole('heading', { name: 'Din adgangskode er ændret' })).toBeFocused();
  // The page stays; the header no longer shows the user, whose session the reset ended.
  await expect(navigation(page).getByRole('link', { name: 'Kom i gang' })).toBeVisible();
  await expect(navigation(page).getByTestId('nav-user-name')).toHaveCount(0);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('in English and the dark theme, an unknown address gets the same answer', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  const email = uniqueEmail('unknown');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByTestId('reset-sent')).toContainText(
    `If there is an account with ${email}, we have sent it a link. The link works once and for 60 minutes.`,
  );
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze()).violations).toEqual([]);
});
