import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNT } from '../../src/shared/demo.ts';

export { DEMO_ACCOUNT };

/** A new address per run, so registration never collides with an earlier run's account. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The toast region (Radix, "Notifikationer (F8)"); toasts are looked for inside it. */
export async function expectToast(page: Page, title: string, options: { timeout?: number } = {}): Promise<void> {
  const region = page.getByRole('region', { name: /Notifikationer|Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible(options);
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
}

export function navigation(page: Page) {
  return page.getByRole('banner');
}

export async function logout(page: Page): Promise<void> {
  await navigation(page).getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL('/');
  await expect(navigation(page).getByRole('link', { name: 'Kom i gang' })).toBeVisible();
}

/**
 * Holds the matching requests until `release()`, so the page's pending state can be looked at;
 * then they go on to the real server unchanged.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}
