import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { holdRequests } from './support.ts';

/**
 * Issue 9 §1 (Lighthouse mobile ≥ 95 on every public page, where layout shift weighs a quarter):
 * nothing on a public page moves as its parts arrive on a slow phone connection. The page's code
 * or data is held back here, as a slow network would, so the frame paints before the content.
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
  test(`${path}: while the page's code is on its way the footer waits below the fold, and nothing shifts when it comes`, async ({ page }) => {
    const { release } = await holdRequests(page, chunk);
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: 'Indlæser siden' })).toBeVisible();
    expect((await footer.boundingBox())!.y).toBeGreaterThanOrEqual(PHONE.height);

    release();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });
}

test('/login: the demo logins are on the page when it shows, not pushed in later', async ({ page }) => {
  const { release } = await holdRequests(page, '**/api/public-config');
  await page.goto('/login');
  // Whatever is on screen while the logins are asked for (the page's placeholder, or a form without them)…
  await expect(page.getByRole('status').filter({ hasText: 'Indlæser siden' }).or(page.getByRole('button', { name: 'Log ind', exact: true }))).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Demokonto' })).toBeVisible();
  // …nothing moved when they came.
  expect(await layoutShift(page)).toBeLessThan(0.01);
});
