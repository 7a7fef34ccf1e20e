import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNT, holdRequests, navigation } from './support.ts';

/**
 * Issue 10: a page whose code and data are ready shows at once (a short fade at most); a
 * placeholder shows only while something really loads; prefers-reduced-motion turns the fade off.
 * "At once" is checked the only way a test may, as the issue puts it: the content is there without
 * waiting 1 s, well before the old sequence (exit, placeholder delay, enter) could have shown it.
 */
const AT_ONCE = { timeout: 1000 };

const headings = {
  '/': 'Byg kurser, der får din viden ud at arbejde',
  '/platform': 'Én platform til hele kursusforløbet',
  '/courses': 'Find kurser, der passer til dit team',
  '/pricing': 'Priser, der vokser med jer',
} as const;

function h1(page: Page, path: keyof typeof headings) {
  return page.getByRole('heading', { level: 1, name: headings[path] });
}

function navLink(page: Page, name: string) {
  return navigation(page).getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name, exact: true });
}

/** Counts the Web Animations started on the page's content (the page fade uses one). */
async function countContentAnimations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { contentAnimations: number };
    counted.contentAnimations = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
      if (this.closest('main')) counted.contentAnimations += 1;
      return animate.apply(this, args);
    };
  });
}

const contentAnimations = (page: Page) => page.evaluate(() => (window as unknown as { contentAnimations: number }).contentAnimations);

test('navigating between public pages shows the next page at once, on the light shell and in the full app', async ({ page }) => {
  await page.goto('/');
  await expect(h1(page, '/')).toBeVisible();

  await navLink(page, 'Platform').click();
  await expect(h1(page, '/platform')).toBeVisible(AT_ONCE);
  await navLink(page, 'Priser').click();
  await expect(h1(page, '/pricing')).toBeVisible(AT_ONCE);
  await navigation(page).getByRole('link', { name: 'Kursa – forside' }).click();
  await expect(h1(page, '/')).toBeVisible(AT_ONCE);
  await page.goBack();
  await expect(h1(page, '/pricing')).toBeVisible(AT_ONCE);

  // The full app (a direct load of an account page) navigates the same way.
  await page.request.post('/api/login', { data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Velkommen tilbage, ${DEMO_ACCOUNT.contactName}` })).toBeVisible();
  // The catalogue fetches its courses first: its data is not ready, so it need not show at once.
  await navLink(page, 'Kurser').click();
  await expect(h1(page, '/courses')).toBeVisible();
  await navLink(page, 'Platform').click();
  await expect(h1(page, '/platform')).toBeVisible(AT_ONCE);
  await expect(page).toHaveURL('/platform');
});

test("a page whose code is slow to arrive shows its kind's placeholder until it comes", async ({ page }) => {
  const { release } = await holdRequests(page, /\/assets\/courses-[\w-]+\.js$/);
  await page.goto('/');
  await expect(h1(page, '/')).toBeVisible();

  await navLink(page, 'Kurser').click();
  await expect(page).toHaveURL('/courses');
  const placeholder = page.getByRole('status').filter({ hasText: 'Indlæser siden' });
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toHaveAttribute('aria-busy', 'true');

  release();
  await expect(h1(page, '/courses')).toBeVisible();
  await expect(placeholder).toHaveCount(0);
});

test('with reduced motion pages appear without animation; without it they fade in', async ({ page }) => {
  await countContentAnimations(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(h1(page, '/')).toBeVisible();

  await navLink(page, 'Platform').click();
  await expect(h1(page, '/platform')).toBeVisible(AT_ONCE);
  await navLink(page, 'Priser').click();
  await expect(h1(page, '/pricing')).toBeVisible(AT_ONCE);
  expect(await contentAnimations(page)).toBe(0);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await navLink(page, 'Platform').click();
  await expect(h1(page, '/platform')).toBeVisible(AT_ONCE);
  expect(await contentAnimations(page)).toBeGreaterThan(0);
});

test('after a navigation focus is on the main content and the page starts at the top', async ({ page }) => {
  await page.goto('/');
  await expect(h1(page, '/')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 400));
  await navLink(page, 'Priser').click();
  await expect(h1(page, '/pricing')).toBeVisible();
  await expect(page.locator('main')).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Back to the page the visit started on is a navigation too.
  await navLink(page, 'Priser').focus();
  await page.goBack();
  await expect(h1(page, '/')).toBeVisible();
  await expect(page.locator('main')).toBeFocused();
});
