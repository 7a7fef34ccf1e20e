import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNT, holdRequests, navigation } from './support.ts';

/**
 * A page whose code and data are ready shows at once (a short fade at most); a placeholder shows
 * only while something really loads; prefers-reduced-motion turns the fade off. "At once" is
 * checked without a clock: the new page's heading replaces the old one in a single DOM change,
 * with no empty or pending state between them (the old sequence of exit, placeholder delay and
 * enter had both). A page's code is ready once the visit has opened it before in the same document.
 */

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

/** Records the main heading after every DOM change, each change of it once. */
async function recordHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: (string | null)[] = [];
    (window as unknown as { kursaHeadings: (string | null)[] }).kursaHeadings = seen;
    new MutationObserver(() => {
      const text = document.querySelector('main h1')?.textContent ?? null;
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Navigates with `go` and expects the page at `to` to replace the one at `from` in one change. */
async function expectAtOnce(page: Page, from: keyof typeof headings, to: keyof typeof headings, go: () => Promise<unknown>): Promise<void> {
  await expect(h1(page, from)).toBeVisible();
  await go();
  await expect(h1(page, to)).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { kursaHeadings: (string | null)[] }).kursaHeadings);
  const last = seen.lastIndexOf(headings[from]);
  expect(seen.slice(last, last + 2), `headings as they changed: ${JSON.stringify(seen)}`).toEqual([headings[from], headings[to]]);
}

const contentAnimations = (page: Page) => page.evaluate(() => (window as unknown as { contentAnimations: number }).contentAnimations);

/** Opens the pages once, so their code is ready in this document. */
async function openOnce(page: Page, names: string[], paths: (keyof typeof headings)[]): Promise<void> {
  for (const [index, name] of names.entries()) {
    await navLink(page, name).click();
    await expect(h1(page, paths[index]!)).toBeVisible();
  }
}

test('navigating between public pages shows the next page at once, on the light shell and in the full app', async ({ page }) => {
  await recordHeadings(page);
  await page.goto('/');
  await expect(h1(page, '/')).toBeVisible();
  await openOnce(page, ['Platform', 'Priser'], ['/platform', '/pricing']);

  await expectAtOnce(page, '/pricing', '/platform', () => navLink(page, 'Platform').click());
  await expectAtOnce(page, '/platform', '/pricing', () => navLink(page, 'Priser').click());
  await expectAtOnce(page, '/pricing', '/', () => navigation(page).getByRole('link', { name: 'Kursa – forside' }).click());
  await expectAtOnce(page, '/', '/pricing', () => page.goBack());

  // The full app (a direct load of an account page) navigates the same way.
  await page.request.post('/api/login', { data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Velkommen tilbage, ${DEMO_ACCOUNT.contactName}` })).toBeVisible();
  // From the workspace to the public site, through the account menu, still in the full app.
  await navigation(page).getByRole('button', { name: 'Konto' }).click();
  await navigation(page).getByRole('link', { name: 'Gå til forsiden' }).click();
  await expect(h1(page, '/')).toBeVisible();
  // The catalogue fetches its courses first: its data is not ready, so it need not show at once.
  await openOnce(page, ['Kurser', 'Platform', 'Kurser'], ['/courses', '/platform', '/courses']);
  await expectAtOnce(page, '/courses', '/platform', () => navLink(page, 'Platform').click());
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
  await recordHeadings(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(h1(page, '/')).toBeVisible();
  await openOnce(page, ['Platform', 'Priser'], ['/platform', '/pricing']);

  await expectAtOnce(page, '/pricing', '/platform', () => navLink(page, 'Platform').click());
  await expectAtOnce(page, '/platform', '/pricing', () => navLink(page, 'Priser').click());
  expect(await contentAnimations(page)).toBe(0);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expectAtOnce(page, '/pricing', '/platform', () => navLink(page, 'Platform').click());
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
