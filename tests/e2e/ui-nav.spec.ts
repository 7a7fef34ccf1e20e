import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNT, navigation } from './support.ts';
import { box, intersects, logIn, usePreferences, type Box } from './ui-helpers.ts';

/**
 * From 1024 px the whole navigation bar fits – every link and the account actions
 * are in the bar, not behind the menu button – in both languages, logged out and logged in.
 */
const LABELS = {
  da: { main: 'Hovedmenu', menu: 'Åbn menu', links: ['Platform', 'Kurser', 'AI-kursusskaber', 'AI-assistent', 'Priser', 'Ressourcer'] },
  en: { main: 'Main menu', menu: 'Open menu', links: ['Platform', 'Courses', 'AI Course Creator', 'AI Assistant', 'Pricing', 'Resources'] },
} as const;
const ACCOUNT = {
  da: { anonymous: ['Log ind', 'Kom i gang'], user: ['Dashboard', 'Log ud'], theme: 'Skift til lyst tema', language: 'Sprog' },
  en: { anonymous: ['Log in', 'Get Started'], user: ['Dashboard', 'Log out'], theme: 'Switch to light theme', language: 'Language' },
} as const;

/** Every box lies inside the viewport and none overlaps another. */
function expectSideBySide(boxes: { name: string; box: Box }[], width: number): void {
  for (const { name, box: b } of boxes) {
    expect(b.x, `${name} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${name} ends inside the window`).toBeLessThanOrEqual(width);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) expect(intersects(a.box, b.box), `${a.name} overlaps ${b.name}`).toBe(false);
  }
}

async function expectNoTruncatedText(page: Page): Promise<void> {
  const clipped = await navigation(page).evaluate((header) =>
    [...header.querySelectorAll<HTMLElement>('a, button, [data-testid="nav-user-name"]')]
      // Visible ones only: the skip link is clipped away (sr-only) until it gets focus.
      .filter((element) => element.checkVisibility() && getComputedStyle(element).clipPath === 'none')
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent),
  );
  expect(clipped, 'clipped texts in the bar').toEqual([]);
}

for (const language of ['da', 'en'] as const) {
  for (const loggedIn of [false, true]) {
    test(`the desktop bar fits at 1024 px (${language}, ${loggedIn ? 'logged in' : 'logged out'})`, async ({ page }) => {
      await usePreferences(page, { language });
      await page.setViewportSize({ width: 1024, height: 768 });
      if (loggedIn) await logIn(page);
      await page.goto('/');
      const bar = navigation(page);
      const labels = LABELS[language];
      const account = ACCOUNT[language];

      await expect(bar.getByRole('button', { name: labels.menu })).toBeHidden();
      const nav = bar.getByRole('navigation', { name: labels.main });
      const boxes: { name: string; box: Box }[] = [{ name: 'logo', box: await box(bar.getByRole('link', { name: /Kursa/ })) }];
      for (const label of labels.links) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await expect(link).toBeVisible();
        boxes.push({ name: label, box: await box(link) });
      }
      boxes.push({ name: 'language', box: await box(bar.getByRole('group', { name: account.language })) });
      boxes.push({ name: 'theme', box: await box(bar.getByRole('button', { name: account.theme })) });
      if (loggedIn) {
        const name = bar.getByTestId('nav-user-name');
        await expect(name).toHaveText(DEMO_ACCOUNT.contactName);
        boxes.push({ name: 'user name', box: await box(name) });
        boxes.push({ name: 'Dashboard', box: await box(bar.getByRole('link', { name: account.user[0], exact: true })) });
        boxes.push({ name: 'Log out', box: await box(bar.getByRole('button', { name: account.user[1], exact: true })) });
      } else {
        for (const label of account.anonymous) {
          const action = bar.getByRole('link', { name: label, exact: true });
          await expect(action).toBeVisible();
          boxes.push({ name: label, box: await box(action) });
        }
      }
      expectSideBySide(boxes, 1024);
      await expectNoTruncatedText(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }
}

test('below 1024 px the links move behind the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1023, height: 768 });
  await page.goto('/');
  const bar = navigation(page);
  await expect(bar.getByRole('button', { name: 'Åbn menu' })).toBeVisible();
  await expect(bar.getByRole('navigation', { name: 'Hovedmenu' })).toBeHidden();
});
