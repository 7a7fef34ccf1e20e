import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { uniqueEmail } from './support.ts';
import { usePreferences } from './ui-helpers.ts';

/**
 * The newsletter in the browser: the pages the newsletter mails' links lead to. The sign-up itself is
 * the box's (on /resources, with its own spec); here it is made through the API, as the box does.
 */

const CONSENT = 'Jeg vil gerne modtage Kursas nyhedsbrev på e-mail. Jeg kan afmelde mig når som helst med linket i hver e-mail.';

test('the confirmation link confirms the subscription when its button is pressed, and the unsubscribe link unsubscribes as the page opens', async ({
  page,
}) => {
  const email = uniqueEmail('nyhedsbrev');
  const before = mailCount();
  const res = await page.request.post('/api/newsletter/subscribe', { data: { email, language: 'da', consentText: CONSENT } });
  expect(res.status()).toBe(202);
  const mail = await nextMailTo(email, before);
  const confirm = /http:\/\/localhost:\d+(\/newsletter\/confirm\/[\w-]+)/.exec(mail.text)?.[1];
  const unsubscribe = /http:\/\/localhost:\d+(\/newsletter\/unsubscribe\/[\w-]+)/.exec(mail.text)?.[1];
  expect(confirm && unsubscribe).toBeTruthy();

  const confirmations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/newsletter/confirm')) confirmations.push(request.url());
  });
  await page.goto(confirm!);
  const card = page.getByTestId('newsletter-link');
  // Opening the link (as a mail scanner would) confirms nothing: the page asks.
  await expect(card).toHaveAttribute('data-state', 'asking');
  await expect(card.getByRole('heading', { level: 1, name: 'Bekræft din tilmelding' })).toBeVisible();
  expect(confirmations).toEqual([]);
  await card.getByRole('button', { name: 'Bekræft tilmelding' }).click();
  await expect(card).toHaveAttribute('data-state', 'confirmed');
  await expect(card.getByRole('heading', { level: 1, name: 'Din tilmelding er bekræftet' })).toBeFocused();
  await expect(card).toContainText('Hver e-mail har et link, så du kan afmelde dig med ét klik.');
  await expect(page).toHaveTitle('Din tilmelding er bekræftet · Kursa');
  expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze()).violations).toEqual([]);

  await page.goto(unsubscribe!);
  await expect(card).toHaveAttribute('data-state', 'unsubscribed');
  await expect(card.getByRole('heading', { level: 1, name: 'Du er afmeldt' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Gå til ressourcerne' })).toHaveAttribute('href', '/resources');

  // The confirmation link no longer subscribes an address that unsubscribed.
  await page.goto(confirm!);
  await card.getByRole('button', { name: 'Bekræft tilmelding' }).click();
  await expect(card).toHaveAttribute('data-state', 'failed');
  await expect(card).toContainText('Adressen er afmeldt. Tilmeld dig igen for at få et nyt bekræftelseslink.');
});

test('in English and the dark theme, a link that is not valid says so', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await page.goto(`/newsletter/unsubscribe/${'x'.repeat(43)}`);
  const card = page.getByTestId('newsletter-link');
  await expect(card).toHaveAttribute('data-state', 'failed');
  await expect(card.getByRole('heading', { level: 1, name: 'The link does not work' })).toBeVisible();
  await expect(card).toContainText('The link is not valid. Check that you copied the whole link from the email.');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze()).violations).toEqual([]);
});

test('the box at the foot of /resources subscribes with the consent it shows, and the mailed link confirms', async ({ page }) => {
  const email = uniqueEmail('nyhedsbrev-boks');
  await page.goto('/resources');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The box loads as it nears the screen.
  await page.keyboard.press('End');
  const box = page.getByTestId('newsletter-box');
  await expect(box.getByRole('heading', { name: 'Nyhedsbrev' })).toBeVisible();
  await expect(box).toContainText(CONSENT);
  const before = mailCount();
  await box.getByLabel('E-mail til nyhedsbrevet').fill(email);
  await box.getByRole('button', { name: 'Tilmeld' }).click();
  await expect(box).toContainText('Tjek din indbakke');
  const mail = await nextMailTo(email, before);
  const confirm = /http:\/\/localhost:\d+(\/newsletter\/confirm\/[\w-]+)/.exec(mail.text)?.[1];
  await page.goto(confirm!);
  await page.getByRole('button', { name: 'Bekræft tilmelding' }).click();
  await expect(page.getByTestId('newsletter-link')).toHaveAttribute('data-state', 'confirmed');
});
