import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * SCIM provisioning's card under Indstillinger: an admin copies the base URL, makes a token that is
 * shown once (and answers SCIM requests), and revokes it after confirming; then it is refused.
 */
test('an admin creates a SCIM token under Indstillinger, sees it once, and revokes it', async ({ page, baseURL }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('scim-admin'), 'scim-admin-pass-1');
  await page.goto('/dashboard/settings');

  const card = page.getByRole('region', { name: 'Automatisk brugeroprettelse (SCIM)' });
  await expect(card).toBeVisible();
  await expect(card.getByLabel('SCIM-adresse (tenant URL)')).toHaveValue(`${baseURL}/scim/v2`);
  await expect(card).toContainText('Der er ingen tokens endnu.');

  await card.getByLabel('Navn på token').fill('Entra ID produktion');
  await card.getByRole('button', { name: 'Opret token' }).click();
  const shown = card.getByRole('region', { name: 'Dit nye token: Entra ID produktion' });
  await expect(shown).toBeFocused();
  await expect(shown).toContainText('Det vises kun denne ene gang');
  const secret = await shown.getByTestId('scim-secret').inputValue();
  expect(secret).toMatch(/^kursa_scim_[\w-]{40,}$/);
  await expect(card.getByTestId('scim-token')).toHaveCount(1);
  await expectNoAxeViolations(page);

  const scim = () => page.request.get('/scim/v2/Users', { headers: { authorization: `Bearer ${secret}` } });
  expect((await scim()).status()).toBe(200);

  // Gone once hidden: the list never carries it again.
  await shown.getByRole('button', { name: 'Jeg har kopieret det' }).click();
  await expect(card.getByTestId('scim-secret')).toHaveCount(0);
  await page.reload();
  await expect(card.getByTestId('scim-token')).toContainText('Entra ID produktion');
  expect(await page.content()).not.toContain(secret);

  await card.getByRole('button', { name: 'Tilbagekald Entra ID produktion' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Tilbagekald Entra ID produktion?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Tilbagekald' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Entra ID produktion er tilbagekaldt.' })).toBeVisible();
  await expect(card.getByTestId('scim-token')).toContainText('Tilbagekaldt');
  expect((await scim()).status()).toBe(401);
});
