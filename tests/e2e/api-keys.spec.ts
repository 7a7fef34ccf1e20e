import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * The API keys card under Settings: an admin makes a key with the permissions chosen, sees it once,
 * a company system reads a report with it and is refused what it was not given; revoked, it is
 * refused at once.
 */
test('an admin creates an API key with chosen permissions, a system uses it, and the admin revokes it', async ({ page, request }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('api-key-admin'), 'api-key-admin-pass-1');
  await page.goto('/dashboard/settings');

  const card = page.getByRole('region', { name: 'API keys' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('There are no API keys yet.');
  await expect(card.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');

  // Nothing is made without a name and a permission.
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText('Give the key a name.')).toBeVisible();
  await card.getByLabel('Key name').fill('Payroll');
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText('Choose at least one permission for the key.')).toBeVisible();

  await card.getByRole('checkbox', { name: 'Read reports' }).check();
  await card.getByRole('checkbox', { name: 'Manage people' }).press('Space');
  await expect(card.getByRole('checkbox', { name: 'Manage people' })).toBeChecked();
  await card.getByRole('button', { name: 'Create key' }).click();
  const shown = card.getByRole('region', { name: 'Your new API key: Payroll' });
  await expect(shown).toBeFocused();
  await expect(shown).toContainText('It is shown only this once');
  const secret = await shown.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^kursa_key_[\w-]{43}$/);
  const listed = card.getByTestId('api-key');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Read reports, Manage people');
  await expect(listed).toContainText(secret.slice(0, 14));
  await expect(listed).toContainText('not used yet');
  await expectNoAxeViolations(page);

  // A company system: no cookie, just the key.
  const asSystem = (method: 'get' | 'post', url: string) =>
    request[method](url, { headers: { authorization: `Bearer ${secret}` }, ...(method === 'post' && { data: {} }) });
  expect((await asSystem('get', '/api/reports/compliance')).status()).toBe(200);
  expect((await asSystem('post', '/api/courses/any/assignments')).status()).toBe(403);

  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(card.getByTestId('api-key-secret')).toHaveCount(0);
  await expect(card.getByLabel('Key name')).toBeFocused();
  await page.reload();
  await expect(listed).toContainText('last used');
  expect(await page.content()).not.toContain(secret);

  await card.getByRole('button', { name: 'Revoke Payroll' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke Payroll?' });
  await expect(dialog).toContainText('Systems using the key are refused at once.');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Payroll has been revoked.' })).toBeFocused();
  await expect(listed).toContainText('Revoked');
  expect((await asSystem('get', '/api/reports/compliance')).status()).toBe(401);
});
