import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectInternalLinksResolve, expectMeta, expectNoAxeViolations, expectOrderedHeadings, localeFile, text } from './legal-helpers.ts';
import { usePreferences } from './ui-helpers.ts';

/**
 * The pages the footer and the forms link to – terms, privacy, GDPR, the data processing agreement,
 * its sub-processors and about – in
 * Danish and English, in both themes, with one h1, ordered headings, a meta description, the date
 * they were last changed, a table of contents of in-page links (the long ones) and links that lead
 * to real pages.
 */
const PAGES = [
  { path: '/terms', namespace: 'page-terms', toc: true },
  { path: '/privacy', namespace: 'page-privacy', toc: true },
  { path: '/gdpr', namespace: 'page-gdpr', toc: true },
  { path: '/dpa', namespace: 'page-dpa', toc: true },
  { path: '/subprocessors', namespace: 'page-subprocessors', toc: true },
  { path: '/about', namespace: 'page-about', toc: false },
] as const;
const LANGUAGES = ['da', 'en'] as const;
const THEMES = ['dark', 'light'] as const;

for (const { path, namespace, toc } of PAGES) {
  test.describe(path, () => {
    for (const language of LANGUAGES) {
      for (const theme of THEMES) {
        test(`reads in ${language}, ${theme} theme, with its structure and no axe violations`, async ({ page }) => {
          const strings = localeFile(language, namespace);
          const meta = strings.meta as Record<string, string>;
          await usePreferences(page, { language, theme });
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(strings.title));
          await expectMeta(page, meta.title!, meta.description!);
          await expectOrderedHeadings(page);
          const updated = page.getByTestId('last-updated');
          await expect(updated).toContainText(language === 'da' ? 'Senest opdateret' : 'Last updated');
          await expect(updated.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
          // Every section of the text is on the page, as an h2.
          const sections = Object.values(strings.sections as Record<string, { title: string }>);
          for (const section of sections)
            await expect(page.getByRole('heading', { level: 2, name: section.title, exact: true })).toBeVisible();
          const contents = page.getByRole('navigation', { name: language === 'da' ? 'Indhold' : 'Contents' });
          await expect(contents).toHaveCount(toc ? 1 : 0);
          if (toc) await expect(contents.getByRole('link')).toHaveCount(sections.length);
          await expectNoAxeViolations(page);
        });
      }
    }

    test('links only to real pages', async ({ page }) => {
      await expectInternalLinksResolve(page, path);
    });
  });
}

/**
 * Until the window has held still for two frames. A jump scrolls smoothly; near the end of the page
 * the table of contents scrolls with it, and a click on one of its links meanwhile can press on
 * one spot and let go on another, which is no click at all.
 */
async function scrolledStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
      }),
  );
}

for (const { path, namespace } of PAGES.filter((p) => p.toc)) {
  test(`${path}: every entry of the table of contents leads to its section`, async ({ page }) => {
    const sections = Object.entries(localeFile('da', namespace).sections as Record<string, { title: string }>);
    await page.goto(path);
    const contents = page.getByRole('navigation', { name: 'Indhold' });
    for (const [index, [id, { title }]] of sections.entries()) {
      // The first by the pointer, the rest from the keyboard: a click is a press and a release at one
      // spot of the screen, and near the end of the page the contents still move with the last
      // jump's smooth scroll, so a release could land on another link (or none) however still the
      // page seemed a moment before.
      const link = contents.getByRole('link', { name: title, exact: true });
      if (index === 0) await link.click();
      else await link.press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: title, exact: true });
      // The section's heading takes the focus and scrolls into view; the address names it.
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await expect(page).toHaveURL(`${path}#${id}`);
      await scrolledStill(page);
    }
  });
}

test('a direct visit to a section of the privacy policy shows that section', async ({ page }) => {
  await page.goto('/privacy#cookies');
  await expect(page.getByRole('heading', { level: 2, name: 'Cookies og lokal lagring' })).toBeInViewport();
});

test('the registration form leads to the terms and the privacy policy', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('link', { name: 'vilkår og betingelser' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vilkår for brug af Kursa' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'privatlivspolitikken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privatlivspolitik' })).toBeVisible();
});

test('a link in the text goes to the page it names without reloading, and the page follows a language switch', async ({ page }) => {
  await page.goto('/gdpr');
  await page.getByRole('main').getByRole('link', { name: 'privatlivspolitikken' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privatlivspolitik' })).toBeVisible();
  await expect(page).toHaveURL('/privacy');
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page).toHaveTitle('Privacy policy · Kursa');
});
