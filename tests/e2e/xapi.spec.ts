import { randomUUID } from 'node:crypto';
import { startFakeLrs } from '../helpers/fake-lrs.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * The learning record store card under Settings: an admin sets the company's LRS (its xAPI
 * endpoint, username and password), sends a test statement that a local LRS stores, and removes
 * the connection. (The e2e server allows http and private addresses: OUTBOUND_ALLOW_PRIVATE_URLS
 * in scripts/e2e-server.mjs.)
 */
test('an admin sets the company’s LRS, sends a test statement to it and removes it', async ({ page }) => {
  const username = 'kursa-key';
  const password = `lrs-secret-${randomUUID()}`;
  const lrs = await startFakeLrs({ username, password });
  try {
    const email = uniqueEmail('xapi-admin');
    await usePreferences(page, { language: 'en', theme: 'dark' });
    await registerThroughApi(page, email, 'xapi-admin-pass-1');
    await page.goto('/dashboard/settings');

    const card = page.getByRole('region', { name: 'Learning record store (xAPI)', exact: true });
    await expect(card).toBeVisible();
    await expect(card).toContainText('sends an xAPI statement');
    const endpointField = card.getByRole('textbox', { name: 'xAPI endpoint' });
    const usernameField = card.getByRole('textbox', { name: 'Username (key)' });
    const passwordField = card.getByLabel('Password (secret)');
    const sending = card.getByRole('switch', { name: 'Send statements' });
    await expect(endpointField).toHaveValue('');
    await expect(usernameField).toHaveValue('');
    await expect(passwordField).toHaveAttribute('type', 'password');
    await expect(passwordField).toHaveAttribute('autocomplete', 'new-password');
    await expect(sending).toBeChecked();
    // Nothing to test or remove before an LRS is set (this installation has none of its own).
    await expect(card.getByRole('button', { name: 'Send test statement' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

    // Nothing is saved without an address, a username and (the first time) a password: the shared schema's messages, translated.
    const save = card.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(endpointField).toBeFocused();
    await expect(endpointField).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByText("Enter the LRS's full xAPI address starting with https://.")).toBeVisible();
    await expect(card.getByText('Enter the username (key) for the LRS.')).toBeVisible();
    await expect(card.getByText('Enter the password (secret) for the LRS.')).toBeVisible();
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByText(/xapi\.\w+/)).toHaveCount(0);

    await endpointField.fill(lrs.endpoint);
    await usernameField.fill(username);
    await passwordField.fill(password);
    await save.click();
    await expect(card.getByRole('status').filter({ hasText: 'The connection to the LRS is saved.' })).toBeVisible();
    await expect(passwordField).toHaveValue('');
    await expect(passwordField).not.toHaveAttribute('aria-invalid');
    await expect(card.getByText('A password is saved. Leave the field empty to keep it.')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByRole('region', { name: 'Statements in the last 30 days' })).toBeVisible();

    // Kept: the address and username come back, the password never does.
    await page.reload();
    await expect(endpointField).toHaveValue(lrs.endpoint);
    await expect(usernameField).toHaveValue(username);
    await expect(passwordField).toHaveValue('');
    expect(await page.content()).not.toContain(password);

    // Send test statement answers once the LRS has answered.
    await card.getByRole('button', { name: 'Send test statement' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'The LRS stored the test statement (HTTP 200).' })).toBeVisible();
    const tests = lrs.requests.filter((r) => r.statement.object.id.endsWith('/xapi/test'));
    expect(tests).toHaveLength(1);
    const [sent] = tests;
    expect(sent).toMatchObject({ authorised: true, answered: 200 });
    expect(String(sent!.headers['x-experience-api-version'])).toMatch(/^1\.0/);
    expect(sent!.headers['content-type']).toMatch(/^application\/json/);
    expect(sent!.statement.actor.mbox).toBe(`mailto:${email}`);
    expect(typeof sent!.statement.id).toBe('string');
    await expectNoAxeViolations(page);

    // Removing asks first; then the form is empty again and the focus is on its address field.
    await card.getByRole('button', { name: `Remove the connection to ${lrs.endpoint}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove the connection to ${lrs.endpoint}?` });
    await expect(dialog).toContainText('Kursa stops sending statements to this LRS at once');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByRole('status').filter({ hasText: 'The connection to the LRS has been removed.' })).toBeVisible();
    await expect(endpointField).toBeFocused();
    await expect(endpointField).toHaveValue('');
    await expect(usernameField).toHaveValue('');
    await expect(passwordField).toHaveValue('');
    await expect(card.getByText('A password is saved. Leave the field empty to keep it.')).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Send test statement' })).toHaveCount(0);

    await page.reload();
    await expect(endpointField).toHaveValue('');
    await expect(usernameField).toHaveValue('');
  } finally {
    await lrs.close();
  }
});
