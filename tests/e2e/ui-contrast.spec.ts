import { settledAxe } from './axe.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNT, openSection } from './support.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

/**
 * WCAG 1.4.3: every toast variant and every badge, in the dark and the light theme,
 * passes axe – colour contrast included. The dark theme's error toast description used to be
 * 4.46:1.
 */
const THEMES = ['dark', 'light'] as const;

async function expectNoAxeViolations(page: Page, selector: string): Promise<void> {
  const results = await (await settledAxe(page)).include(selector).analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(found, `axe violations in ${selector}`).toEqual([]);
}

/** The toast, once it has slid in (axe measures the colours as they finally are). */
async function shownToast(page: Page, title: string): Promise<Locator> {
  const toast = page
    .getByRole('region', { name: /Notifikationer/ })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect.poll(() => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
  return toast;
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await usePreferences(page, { theme });
    });

    test('the error toast passes axe', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await page.getByLabel('E-mail', { exact: true }).fill(`nobody-${Date.now()}@example.com`);
      await page.getByLabel('Adgangskode', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log ind', exact: true }).click();
      const toast = await shownToast(page, 'Login fejlede');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expectNoAxeViolations(page, '[role="region"] li');
    });

    test('the default toast, the CVR status and the CVR card pass axe', async ({ page }) => {
      await page.goto('/cvr-test');
      await page.getByRole('button', { name: '25052943' }).click();
      const toast = await shownToast(page, 'CVR-data hentet');
      await expect(toast).toHaveAttribute('data-variant', 'default');
      await expect(page.getByRole('img', { name: 'Gyldigt CVR-nummer' })).toBeVisible();
      await expectNoAxeViolations(page, '[role="region"] li');
      await expectNoAxeViolations(page, 'main');
    });

    test('the badges on the public pages pass axe', async ({ page }) => {
      for (const path of ['/', '/ai-assistant', '/pricing']) {
        await page.goto(path);
        // The assistants' page has their status badges; the landing page and /pricing the most
        // popular plan's.
        if (path === '/ai-assistant') await expect(page.getByTestId('assistant-status').first()).toBeVisible();
        else await expect(page.getByTestId('plan-professional').getByText('Mest populær')).toBeVisible();
        await expectNoAxeViolations(page, 'main');
      }
    });

    test("a course's free preview badge and the preview page pass axe", async ({ page }) => {
      // The demo's paid course offers its uploaded video as a free preview.
      await page.goto('/courses/leading-with-purpose-start-with-why');
      const open = page.getByRole('link', { name: 'Forhåndsvis: Video: The Golden Circle in eight seconds' });
      await expect(open).toBeVisible();
      await expectNoAxeViolations(page, 'main');
      await open.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Video: The Golden Circle in eight seconds' })).toBeVisible();
      await expectNoAxeViolations(page, 'main');
    });

    test('the role badge and the dashboard badges pass axe', async ({ page }) => {
      await logIn(page);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: DEMO_ACCOUNT.contactName })).toBeVisible();
      await expectNoAxeViolations(page, 'main');
      await page.goto('/dashboard');
      await expect(page.getByTestId('stat-courses')).toHaveText(/\d/);
      await expectNoAxeViolations(page, 'main');
      // The course cards' status badges (Udgivet, Kladde, Arkiveret).
      await openSection(page, 'Kurser');
      await expect(page.getByTestId('course-card').getByText('Udgivet').first()).toBeVisible();
      await expectNoAxeViolations(page, 'main');
    });
  });
}
