import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { box, logIn } from './ui-helpers.ts';

/**
 * On a phone the dashboard's tab bar was cut off ('An…'). The tabs now wrap, so all of
 * them are in sight, each one opens its panel, and the arrow keys still move between them.
 */
const DASHBOARD_TABS = ['Overblik', 'Mine kurser', 'Kursister', 'Analyser', 'Indstillinger'];
const PROFILE_TABS = ['Profil', 'Statistikker', 'Sikkerhed', 'Indstillinger'];

async function expectAllTabsInSight(page: Page, listName: string, tabs: string[]): Promise<void> {
  const list = page.getByRole('tablist', { name: listName });
  await expect(list).toBeVisible();
  expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth), 'the tab bar needs no scrolling').toBe(true);
  const listBox = await box(list);
  const width = page.viewportSize()?.width ?? 0;
  for (const name of tabs) {
    const tabBox = await box(list.getByRole('tab', { name, exact: true }));
    expect(tabBox.x, `${name} starts inside the bar`).toBeGreaterThanOrEqual(listBox.x);
    expect(tabBox.x + tabBox.width, `${name} ends inside the bar`).toBeLessThanOrEqual(listBox.x + listBox.width);
    expect(tabBox.x + tabBox.width, `${name} ends inside the screen`).toBeLessThanOrEqual(width);
  }
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);
});

test('on a phone all five dashboard tabs are in sight and open their panels', async ({ page }) => {
  await page.goto('/dashboard');
  await expectAllTabsInSight(page, 'Dashboard-sektioner', DASHBOARD_TABS);
  const list = page.getByRole('tablist', { name: 'Dashboard-sektioner' });
  for (const name of DASHBOARD_TABS) {
    const tab = list.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  }
});

test('the arrow keys move between the dashboard tabs', async ({ page }) => {
  await page.goto('/dashboard');
  const list = page.getByRole('tablist', { name: 'Dashboard-sektioner' });
  await list.getByRole('tab', { name: 'Overblik' }).focus();
  for (const name of DASHBOARD_TABS.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expect(list.getByRole('tab', { name, exact: true })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  }
  await page.keyboard.press('ArrowRight');
  await expect(list.getByRole('tab', { name: 'Overblik' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(list.getByRole('tab', { name: 'Indstillinger' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(list.getByRole('tab', { name: 'Overblik' })).toBeFocused();
  await expect(list.getByRole('tab', { name: 'Overblik' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(list.getByRole('tab', { name: 'Indstillinger' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Indstillinger' })).toBeVisible();
  // One tab in the Tab order: Tab leaves the list for the chosen panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Indstillinger' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(list.getByRole('tab', { name: 'Indstillinger' })).toBeFocused();
});

test('on a phone all four profile tabs are in sight', async ({ page }) => {
  await page.goto('/profile');
  await expectAllTabsInSight(page, 'Profilsektioner', PROFILE_TABS);
});
