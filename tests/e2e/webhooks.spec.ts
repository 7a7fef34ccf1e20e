import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/** A company system's receiving end: it keeps every request it gets and answers 200. */
async function startReceiver() {
  const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The webhooks card under Settings: an admin adds a webhook for two events, sees its signing secret
 * once, sends a test that a local receiver gets signed with it, follows the delivery in the log,
 * pauses the webhook and deletes it. (The e2e server allows http and private addresses:
 * OUTBOUND_ALLOW_PRIVATE_URLS in scripts/e2e-server.mjs.)
 */
test('an admin adds a webhook, sends a signed test to it, follows the delivery, pauses and deletes it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await usePreferences(page, { language: 'en', theme: 'dark' });
    await registerThroughApi(page, uniqueEmail('webhook-admin'), 'webhook-admin-pass-1');
    await page.goto('/dashboard/settings');

    const card = page.getByRole('region', { name: 'Webhooks', exact: true });
    await expect(card).toBeVisible();
    await expect(card).toContainText('There are no webhooks yet.');
    await expect(card.getByText('Kursa-Signature')).toBeVisible();

    // Nothing is added without an address and an event: the shared schema's messages, translated.
    await card.getByRole('button', { name: 'Add webhook' }).click();
    const urlField = card.getByRole('textbox', { name: 'Address (URL)' });
    await expect(urlField).toBeFocused();
    await expect(urlField).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByText('Enter a full address starting with https://.')).toBeVisible();
    await expect(card.getByText('Choose at least one event.')).toBeVisible();
    await expect(card.getByText(/webhooks\.(urlInvalid|eventsRequired)/)).toHaveCount(0);

    await urlField.fill(receiver.url);
    await card.getByRole('checkbox', { name: 'Enrolment created' }).check();
    await card.getByRole('checkbox', { name: 'Course completed' }).press('Space');
    await expect(card.getByRole('checkbox', { name: 'Course completed' })).toBeChecked();
    await card.getByRole('button', { name: 'Add webhook' }).click();

    const shown = card.getByRole('region', { name: `The webhook's signing secret: ${receiver.url}` });
    await expect(shown).toBeFocused();
    await expect(shown).toContainText('It is shown only this once');
    const secret = await shown.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_\S+$/);
    const listed = card.getByTestId('webhook');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(receiver.url);
    await expect(listed).toContainText('Enrolment created, Course completed');
    await expect(listed).toContainText('Active');
    await expect(listed).toContainText(secret.slice(0, 10));
    await expectNoAxeViolations(page);

    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(card.getByTestId('webhook-secret')).toHaveCount(0);
    await expect(urlField).toBeFocused();
    await page.reload();
    await expect(listed).toHaveCount(1);
    expect(await page.content()).not.toContain(secret);

    // Send test answers once the receiver has answered.
    await card.getByRole('button', { name: `Send test to ${receiver.url}` }).click();
    await expect(listed.getByRole('status').filter({ hasText: 'Test delivered: the receiver answered 200.' })).toBeVisible();
    const tests = receiver.received.filter((r) => r.body.includes('"webhook.test"'));
    expect(tests).toHaveLength(1);
    const [request] = tests;
    expect(request!.url).toBe('/hook');
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    const signed = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request!.headers['kursa-signature']));
    expect(signed, String(request!.headers['kursa-signature'])).not.toBeNull();
    const [, at, v1] = signed!;
    expect(Math.abs(Number(at) - Date.now() / 1000)).toBeLessThan(300);
    expect(v1).toBe(createHmac('sha256', secret).update(`${at}.${request!.body}`).digest('hex'));
    const event = JSON.parse(request!.body) as { id?: unknown; type?: unknown };
    expect(event.type).toBe('webhook.test');
    expect(typeof event.id).toBe('string');
    expect(event.id).not.toBe('');

    // The delivery log.
    const toggle = card.getByRole('button', { name: 'Show deliveries' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(card.getByRole('button', { name: 'Hide deliveries' })).toHaveAttribute('aria-expanded', 'true');
    const log = card.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    const delivery = log.getByTestId('webhook-delivery');
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText('Test');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('Answer 200');
    await expect(delivery).toContainText('1 attempt');
    await expect(delivery.getByRole('button', { name: /^Try again/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Paused, it is told nothing new; the same button resumes it and keeps the focus.
    await card.getByRole('button', { name: `Pause ${receiver.url}` }).click();
    await expect(listed).toContainText('Paused');
    await expect(card.getByRole('button', { name: `Resume ${receiver.url}` })).toBeFocused();
    await expect(listed.getByRole('status').filter({ hasText: 'The webhook is paused' })).toBeVisible();

    await card.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete the webhook to ${receiver.url}?` });
    await expect(dialog).toContainText('Kursa stops sending events to the address at once.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(card.getByRole('status').filter({ hasText: `The webhook to ${receiver.url} has been deleted.` })).toBeFocused();
    await expect(listed).toHaveCount(0);
    await expect(card).toContainText('There are no webhooks yet.');
  } finally {
    await receiver.close();
  }
});
