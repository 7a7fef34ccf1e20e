import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { uniqueEmail } from './support.ts';
import { usePreferences } from './ui-helpers.ts';

/** In the browser: the contact form in Danish and English, mailed to SALES_EMAIL. */

test("Danish: ?topic=demo preselects the topic, the server's field messages show, and the request reaches the sales mailbox", async ({
  page,
}) => {
  await page.goto('/contact?topic=demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt os' })).toBeVisible();
  await expect(page.getByLabel('Emne')).toHaveValue('demo');
  expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze()).violations).toEqual([]);

  // Sent empty: every required field says what it needs, and the first gets focus.
  await page.getByRole('button', { name: 'Send besked' }).click();
  await expect(page.getByText('Navn skal være mindst 2 tegn')).toBeVisible();
  await expect(page.getByText('Beskeden skal være mellem 10 og 5.000 tegn')).toBeVisible();
  await expect(page.getByText('Sæt kryds for at give os lov til at bruge dine oplysninger til at svare dig')).toBeVisible();
  await expect(page.getByLabel('Navn')).toBeFocused();

  const email = uniqueEmail('kontakt');
  await page.getByLabel('Navn').fill('Karen Kontakt');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Virksomhed (valgfri)').fill('Kontakt A/S');
  await page.getByLabel('Besked').fill('Vi vil gerne se en demo for vores 25 medarbejdere.');
  await page.getByRole('checkbox', { name: /Jeg giver Kursa lov/ }).check();
  const before = mailCount();
  await page.getByRole('button', { name: 'Send besked' }).click();
  const sent = page.getByTestId('contact-sent');
  await expect(sent.getByRole('heading', { name: 'Tak for din besked' })).toBeFocused();
  await expect(sent).toContainText(`Vi har modtaget din besked og svarer dig på ${email}.`);

  const mail = await nextMailTo('salg@kursa.example', before);
  expect(mail.subject).toBe('Kontaktformular: Book en demo fra Karen Kontakt');
  expect(mail.text).toContain('Vi vil gerne se en demo for vores 25 medarbejdere.');
  expect(mail.text).toContain(`E-mail: ${email}`);
});

test('English, dark theme: the sales topic from ?topic=sales, field messages that pass axe, and a confirmation in English', async ({
  page,
}) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await page.goto('/contact?topic=sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByLabel('Topic')).toHaveValue('sales');
  await expect(page.getByLabel('Topic').locator('option')).toHaveText(['General', 'Book a demo', 'Sales and pricing', 'Support']);
  const email = uniqueEmail('contact');
  await page.getByLabel('Name').fill('Ken Contact');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone (optional)').fill('12');
  await page.getByLabel('Message').fill('What does Professional cost for 300 learners?');
  await page.getByRole('checkbox', { name: /I allow Kursa/ }).check();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('The phone number must be at least 8 characters of digits, spaces, +, - and parentheses')).toBeVisible();
  await expect(page.getByLabel('Phone (optional)')).toBeFocused();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze()).violations).toEqual([]);
  await page.getByLabel('Phone (optional)').fill('+45 70 20 30 40');
  const before = mailCount();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText(`We have received your message and will answer you at ${email}.`);
  const mail = await nextMailTo('salg@kursa.example', before);
  expect(mail.subject).toBe('Kontaktformular: Salg fra Ken Contact');
});
