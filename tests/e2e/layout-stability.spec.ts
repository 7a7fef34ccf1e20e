import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { holdRequests } from './support.ts';

/**
 * Every public page aims at Lighthouse mobile ≥ 95, where layout shift weighs a quarter, so
 * nothing on a public page moves as its parts arrive on a slow phone connection. The page's code
 * or data is held back here, as a slow network would.
 */
const PHONE = { width: 412, height: 823 };
test.use({ viewport: PHONE });

/** The page's cumulative layout shift so far (shifts right after input do not count), as Lighthouse sums it. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // The buffered entries are delivered on a later task.
        setTimeout(() => {
          observer.disconnect();
          resolve(total);
        }, 200);
      }),
  );
}

const pages = [
  { path: '/', chunk: /\/assets\/home-[\w-]+\.js$/, heading: 'Byg kurser, der får din viden ud at arbejde' },
  { path: '/pricing', chunk: /\/assets\/pricing-[\w-]+\.js$/, heading: 'Priser, der vokser med jer' },
  { path: '/register', chunk: /\/assets\/register-[\w-]+\.js$/, heading: 'Opret virksomhedskonto' },
];

for (const { path, chunk, heading } of pages) {
  test(`${path} loaded while its code is slow to arrive: nothing shifts when it comes`, async ({ page }) => {
    const { release } = await holdRequests(page, chunk);
    await page.goto(path);
    release();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });
}

test("after a navigation the footer waits below the fold under the page's placeholder, and nothing shifts when the page comes", async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
  const { release } = await holdRequests(page, /\/assets\/register-[\w-]+\.js$/);
  await page.getByRole('link', { name: 'Opret en virksomhedskonto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Indlæser siden' })).toBeVisible();
  expect((await page.getByRole('contentinfo').boundingBox())!.y).toBeGreaterThanOrEqual(PHONE.height);
  // Past the half second after the click in which Chrome does not count shifts.
  await page.waitForTimeout(600);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Opret virksomhedskonto' })).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.01);
});

test('/login: the demo logins are on the page when it shows, not pushed in later', async ({ page }) => {
  const { release } = await holdRequests(page, '**/api/public-config');
  await page.goto('/login');
  // Whatever the page shows while the logins are asked for (nothing yet, or a form without them)…
  await page
    .getByRole('button', { name: 'Log ind', exact: true })
    .waitFor({ timeout: 1500 })
    .catch(() => undefined);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Demokonto' })).toBeVisible();
  // …nothing moved when they came.
  expect(await layoutShift(page)).toBeLessThan(0.01);
});

test("a first load shows the page whole in its first paint, never its placeholder, even while the page's code is slow", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen = window as unknown as { sawPlaceholder: boolean };
    seen.sawPlaceholder = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Indlæser siden')) seen.sawPlaceholder = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const { release } = await holdRequests(page, /\/assets\/pricing-[\w-]+\.js$/);
  await page.goto('/pricing');
  // Longer than the placeholder's delay: a page shown in parts would show it by now.
  await page.waitForTimeout(800);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Priser, der vokser med jer' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawPlaceholder: boolean }).sawPlaceholder)).toBe(false);
});
