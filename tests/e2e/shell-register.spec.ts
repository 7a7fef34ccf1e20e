import { expect, test } from './fixtures.ts';
import { expectToast, holdRequests } from './support.ts';

/**
 * On a first visit of /register the CVR look-up's code (TanStack Query) arrives on intent; until
 * then a stand-in input shows (ADR 008). Typing across the swap must not lose a keystroke, the
 * focus or the caret.
 */
test('typing in the CVR field while its look-up code arrives loses nothing', async ({ page }) => {
  const { release } = await holdRequests(page, /\/assets\/register-cvr-field-[\w-]+\.js$/);
  await page.goto('/register');
  const cvr = page.getByRole('textbox', { name: 'CVR-nummer' });
  await cvr.click();
  await page.keyboard.type('2505');
  const arrived = page.waitForResponse(/\/assets\/register-cvr-field-[\w-]+\.js$/);
  release();
  // The real field replaces the stand-in once its code is in, while the visitor is typing.
  await arrived;
  await page.keyboard.type('2943');
  await expect(cvr).toHaveValue('25052943');
  await expect(cvr).toBeFocused();
  await expectToast(page, 'CVR-data hentet');
  await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('MAGENTA ApS');
});
