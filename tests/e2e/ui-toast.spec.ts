import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { box, intersects } from './ui-helpers.ts';

/**
 * On a phone the CVR look-up's toast covered the registration form for 5 s. A toast now
 * goes to the edge of the screen where it covers neither the field being filled nor the next one.
 */
async function lookUpCvrAt(page: Page, scroll: 'next field at the bottom' | 'CVR field at the top') {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/register');
  const cvr = page.getByRole('textbox', { name: 'CVR-nummer' });
  const next = page.getByLabel('Kontaktperson');
  await expect(cvr).toBeVisible();
  // Scroll as someone filling the form would: the next field just in sight at the bottom of the
  // screen, or the CVR field high up with the rest of the form below it.
  const target = scroll === 'next field at the bottom' ? next : cvr;
  await target.evaluate(
    (element, where) => {
      const rect = element.getBoundingClientRect();
      const y = where === 'bottom' ? rect.bottom - (window.innerHeight - 24) : rect.top - 96;
      window.scrollBy(0, y);
    },
    scroll === 'next field at the bottom' ? 'bottom' : 'top',
  );
  await expect(next).toBeInViewport();
  await cvr.click();
  await cvr.pressSequentially('25052943');

  const region = page.getByRole('region', { name: /Notifikationer/ });
  const toast = region.getByRole('listitem').filter({ hasText: 'CVR-data hentet' });
  await expect(toast).toBeVisible();
  // Wait for the slide-in to end, so the box is where the toast stays.
  await expect.poll(() => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
  await expect(cvr).toBeFocused();

  const toastBox = await box(toast);
  expect(intersects(toastBox, await box(cvr)), 'toast covers the CVR field').toBe(false);
  expect(intersects(toastBox, await box(next)), 'toast covers the next field').toBe(false);
}

test('on a phone the CVR toast leaves the field being filled and the next one clear (low on the screen)', async ({ page }) => {
  await lookUpCvrAt(page, 'next field at the bottom');
});

test('on a phone the CVR toast leaves the field being filled and the next one clear (high on the screen)', async ({ page }) => {
  await lookUpCvrAt(page, 'CVR field at the top');
});
