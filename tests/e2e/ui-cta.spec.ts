import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { navigation } from './support.ts';
import { logIn } from './ui-helpers.ts';

/**
 * A logged-in user is not asked to sign up or log in. Every public page's calls to
 * action lead a logged-in user to the dashboard instead, in the light shell (direct load) and in
 * the full app (after a client-side navigation).
 */
// The catalogue and the resources library have no sign-up call to action of
// their own: their actions are the courses' and the resources'.
const PUBLIC_PAGES = ['/', '/platform', '/pricing', '/course-creator', '/ai-assistant'];
const SIGN_UP = /^(Kom i gang|Opret virksomhedskonto|Log ind)$/;

async function expectOnlyDashboardCtas(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Gå til dit dashboard' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: SIGN_UP })).toHaveCount(0);
  expect(await page.locator('a[href="/register"], a[href="/login"]').count()).toBe(0);
}

test('a logged-in user gets dashboard calls to action on every public page', async ({ page }) => {
  await logIn(page);
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expectOnlyDashboardCtas(page);
  }
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(footer.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile');
});

test('the front page has two dashboard calls to action after a client-side navigation, and they work', async ({ page }) => {
  await logIn(page);
  await page.goto('/pricing');
  await navigation(page).getByRole('link', { name: /Kursa/ }).click();
  await expect(page).toHaveURL('/');
  await expectOnlyDashboardCtas(page);
  await expect(page.getByRole('main').getByRole('link', { name: 'Gå til dit dashboard' })).toHaveCount(2);
  await page.getByRole('main').getByRole('link', { name: 'Gå til dit dashboard' }).first().click();
  await expect(page).toHaveURL('/dashboard');
});

test('a visitor is invited to sign up', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  // The hero and the closing call to action; the demo button leads to the contact form.
  await expect(main.getByRole('link', { name: 'Start gratis prøveperiode' })).toHaveCount(2);
  for (const link of await main.getByRole('link', { name: 'Start gratis prøveperiode' }).all())
    await expect(link).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Book en demo' })).toHaveAttribute('href', '/contact?topic=demo');
  await expect(main.getByRole('link', { name: 'Gå til dit dashboard' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Log ind' })).toHaveAttribute('href', '/login');
  await page.goto('/ai-assistant');
  await expect(page.getByRole('main').getByRole('link', { name: 'Kom i gang' })).toHaveAttribute('href', '/register');
});
