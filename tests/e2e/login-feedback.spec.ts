import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNT, fillLogin, holdRequests, uniqueEmail } from './support.ts';

/** The Radix toast region, "Notifikationer (F8)". */
function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifikationer (F8)' });
}

/**
 * Waits until a toast with this text is on screen, and counts the toasts in that same DOM snapshot,
 * never later: a toast that was not replaced would still be there (each stays 5 s), while a
 * retrying count could wait for it to go, and a count taken after the wait could meet the viewport
 * between two renders (the app boots on the first navigation and remounts the toast host).
 */
async function expectOnlyToast(page: Page, text: string | RegExp): Promise<void> {
  const pattern = typeof text === 'string' ? { source: text, literal: true } : { source: text.source, literal: false };
  const handle = await page.waitForFunction(({ source, literal }) => {
    const region = document.querySelector('[role="region"][aria-label="Notifikationer (F8)"]');
    const items = region ? Array.from(region.querySelectorAll('li')) : [];
    const matches = (value: string) => (literal ? value.includes(source) : new RegExp(source).test(value));
    return items.some((item) => matches(item.textContent ?? '')) ? items.length : 0;
  }, pattern);
  expect(await handle.jsonValue(), 'toasts on screen').toBe(1);
}

/** Submits the login form and returns the status of the answer to POST /api/login. */
async function attemptLogin(page: Page, email: string, password: string): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/login') && r.request().method() === 'POST');
  await fillLogin(page, email, password);
  return (await answer).status();
}

test('the login button reads "Logger ind..." while the login is pending', async ({ page }) => {
  const held = await holdRequests(page, '**/api/login');
  await page.goto('/login');
  await fillLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);

  await expect(page.getByRole('button', { name: 'Logger ind...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Log ind', exact: true })).toHaveCount(0);
  held.release();
  await expect(page).toHaveURL('/dashboard');
});

test('after 10 failed logins for one email the 11th is refused with the throttle message', async ({ page }) => {
  // An address nobody has, so the lock (5 minutes) touches no account another spec uses.
  const email = uniqueEmail('throttle');
  await page.goto('/login');
  for (let attempt = 1; attempt <= 10; attempt++) {
    expect(await attemptLogin(page, email, `wrong-password-${attempt}`), `attempt ${attempt}`).toBe(401);
  }
  const region = notifications(page);
  await expect(region.getByText('Ugyldig e-mail eller adgangskode.', { exact: true })).toBeVisible();

  expect(await attemptLogin(page, email, 'wrong-password-11')).toBe(429);
  await expect(region.getByText('Login fejlede', { exact: true })).toBeVisible();
  await expect(region.getByText(/^For mange mislykkede loginforsøg\. Prøv igen om \d+ min\.$/)).toBeVisible();
  await expectOnlyToast(page, /For mange mislykkede loginforsøg/);
});

test('a second toast replaces the first, and F8 moves focus to the notifications', async ({ page }) => {
  await page.goto('/login');
  expect(await attemptLogin(page, DEMO_ACCOUNT.email, 'not-the-demo-password')).toBe(401);
  const region = notifications(page);
  await expect(region.getByText('Login fejlede', { exact: true })).toBeVisible();

  // The right password clears the failed attempt again.
  expect(await attemptLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).toBe(200);
  await expectOnlyToast(page, 'Velkommen tilbage');

  // Once the dashboard has entered, focus rests on <main>; F8 takes it to the toast viewport.
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main')).toBeFocused();
  const viewport = region.getByRole('list');
  await expect(viewport).not.toBeFocused();
  await page.keyboard.press('F8');
  await expect(viewport).toBeFocused();
});
