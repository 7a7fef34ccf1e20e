import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { logIn, registerThroughApi } from './ui-helpers.ts';

/**
 * The shared demo account cannot change its details or password. The profile says so
 * before anyone starts editing (it used to say so only after a failed save); its settings
 * switches keep working, and a normal account still edits.
 */
const LOCKED = /Demokontoen deles af alle, der prøver Kursa/;

test('the demo account sees the lock up front and cannot enter edit mode', async ({ page }) => {
  await logIn(page);
  await page.goto('/profile');

  const edit = page.getByRole('button', { name: 'Rediger' });
  await expect(page.getByRole('note').filter({ hasText: LOCKED })).toBeVisible();
  await expect(edit).toBeDisabled();
  await expect(edit).toHaveAccessibleDescription(LOCKED);
  await expect(page.getByLabel('Navn', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Gem ændringer' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Sikkerhed' }).click();
  await expect(page.getByRole('note').filter({ hasText: LOCKED })).toBeVisible();
  await expect(page.getByLabel('Nuværende adgangskode', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Skift adgangskode' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Indstillinger' }).click();
  const publicProfile = page.getByRole('switch', { name: 'Offentlig profil' });
  const before = await publicProfile.getAttribute('aria-checked');
  const saved = page.waitForResponse((r) => r.url().includes('/api/users/') && r.request().method() === 'PATCH');
  await publicProfile.click();
  expect((await saved).status()).toBe(200);
  await expect(publicProfile).not.toHaveAttribute('aria-checked', before ?? '');
  const restored = page.waitForResponse((r) => r.url().includes('/api/users/') && r.request().method() === 'PATCH');
  await publicProfile.click();
  expect((await restored).status()).toBe(200);
  await expect(publicProfile).toHaveAttribute('aria-checked', before ?? '');
});

test('a normal account sees no lock and still edits its profile', async ({ page }) => {
  await registerThroughApi(page, uniqueEmail('ui-lock'), 'ui-lock-password-1');
  await page.goto('/profile');
  await expect(page.getByText(LOCKED)).toHaveCount(0);
  // Reading the profile needs no form library: it loads on Edit, which then puts the focus in
  // the first field; Cancel and Save put it back on Edit.
  const edit = page.getByRole('button', { name: 'Rediger' });
  await expect(page.getByLabel('Om mig')).not.toBeEditable();
  await edit.click();
  await expect(page.getByLabel('Navn', { exact: true })).toBeFocused();
  await page.getByLabel('Om mig').fill('Skal ikke gemmes.');
  await page.getByRole('button', { name: 'Annuller' }).click();
  await expect(edit).toBeFocused();
  await expect(page.getByLabel('Om mig')).toHaveValue('');
  await expect(page.getByLabel('Om mig')).not.toBeEditable();
  await edit.click();
  await page.getByLabel('Om mig').fill('Underviser i kommunikation.');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(edit).toBeFocused();
  await expect(page.getByLabel('Om mig')).toHaveValue('Underviser i kommunikation.');
  await expect(page.getByLabel('Om mig')).not.toBeEditable();
  await page.reload();
  await expect(page.getByLabel('Om mig')).toHaveValue('Underviser i kommunikation.');

  await page.getByRole('tab', { name: 'Sikkerhed' }).click();
  await expect(page.getByLabel('Nuværende adgangskode', { exact: true })).toBeEnabled();
  await expect(page.getByText(LOCKED)).toHaveCount(0);
});
