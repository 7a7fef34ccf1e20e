import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectToast, holdRequests, uniqueEmail } from './support.ts';

/** The registration form's fixed messages, per field label, in both languages (da from shared/i18n/messages.ts). */
const languages = {
  en: {
    submit: 'Create Account',
    fields: [
      ['Company Name', 'Company name must be at least 2 characters'],
      ['CVR Number', 'Please enter a valid CVR number'],
      ['Contact Name', 'Contact name must be at least 2 characters'],
      ['Email Address', 'Please enter a valid email address'],
      ['Phone Number', 'Please enter a valid phone number'],
      ['Street Address', 'Please enter a complete address'],
      ['City', 'Please enter a valid city'],
      ['Postal Code', 'Please enter a valid postal code'],
      ['Password', 'Password must be at least 8 characters'],
    ],
    terms: [/I accept the/, 'You must accept the terms and conditions'],
    confirm: ['Confirm Password', "Passwords don't match"],
    password: 'Password',
  },
  da: {
    submit: 'Opret konto',
    fields: [
      ['Virksomhedsnavn', 'Virksomhedsnavn skal være mindst 2 tegn'],
      ['CVR-nummer', 'Indtast et gyldigt CVR-nummer'],
      ['Kontaktperson', 'Kontaktnavn skal være mindst 2 tegn'],
      ['E-mailadresse', 'Indtast en gyldig e-mailadresse'],
      ['Telefonnummer', 'Indtast et gyldigt telefonnummer'],
      ['Adresse', 'Indtast en komplet adresse'],
      ['By', 'Indtast en gyldig by'],
      ['Postnummer', 'Indtast et gyldigt postnummer'],
      ['Adgangskode', 'Adgangskode skal være mindst 8 tegn'],
    ],
    terms: [/Jeg accepterer/, 'Du skal acceptere vilkår og betingelser'],
    confirm: ['Bekræft adgangskode', 'Adgangskoderne matcher ikke'],
    password: 'Adgangskode',
  },
} as const;

const escape = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
}

for (const [language, copy] of Object.entries(languages)) {
  test(`an empty registration shows every field's message in ${language} and sends nothing`, async ({ page }) => {
    if (language === 'en') await useEnglish(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/register')) sent.push(request.method());
    });
    await page.goto('/register');
    await page.getByRole('button', { name: copy.submit, exact: true }).click();

    for (const [label, message] of copy.fields) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field, label).toHaveAttribute('aria-invalid', 'true');
      await expect(field, label).toHaveAccessibleDescription(escape(message));
    }
    const [termsLabel, termsMessage] = copy.terms;
    await expect(page.getByRole('checkbox', { name: termsLabel })).toHaveAccessibleDescription(escape(termsMessage));
    // Two empty passwords are equal: the confirmation has nothing to say until they differ.
    const [confirmLabel, mismatch] = copy.confirm;
    const confirm = page.getByLabel(confirmLabel, { exact: true });
    await expect(confirm).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(copy.password, { exact: true }).fill('long-enough-1');
    await confirm.fill('something-else');
    await expect(confirm).toHaveAccessibleDescription(escape(mismatch));
    expect(sent).toEqual([]);
  });
}

test('the submit button reads "Creating Account..." while the registration is pending', async ({ page }) => {
  await useEnglish(page);
  const held = await holdRequests(page, '**/api/register');
  await page.goto('/register');
  // 24256790 is NOVO NORDISK A/S in the offline registry (used by no other spec).
  await page.getByRole('textbox', { name: 'CVR Number' }).fill('24256790');
  await expect(page.getByLabel('Company Name', { exact: true })).toHaveValue('NOVO NORDISK A/S');
  await page.getByLabel('Contact Name', { exact: true }).fill('Pia Pending');
  await page.getByLabel('Email Address', { exact: true }).fill(uniqueEmail('pending'));
  await page.getByLabel('Phone Number', { exact: true }).fill('+45 44 44 88 88');
  await page.getByLabel('Password', { exact: true }).fill('pending-password-1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('pending-password-1');
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();

  await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toHaveCount(0);
  held.release();
  await expectToast(page, 'Registration Complete');
  await expect(page).toHaveURL('/dashboard');
});

test("a CVR look-up fills the company's fields, never the registrant's login e-mail", async ({ page }) => {
  // 25052943 is MAGENTA ApS, whose registry entry has the company's address info@magenta.dk.
  await page.goto('/register');
  const email = page.getByLabel('E-mailadresse', { exact: true });
  await page.getByRole('textbox', { name: 'CVR-nummer' }).fill('25052943');
  await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('MAGENTA ApS');
  await expect(page.getByLabel('Adresse', { exact: true })).toHaveValue('Pilestræde 43');
  await expect(email).toHaveValue('');

  await page.reload();
  await email.fill('mette@magenta.dk');
  await page.getByRole('textbox', { name: 'CVR-nummer' }).fill('25052943');
  await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('MAGENTA ApS');
  await expect(email).toHaveValue('mette@magenta.dk');
});

test('the CVR look-up waits for a 500 ms pause in typing and looks up only the last number', async ({ page }) => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/cvr\/(\d+)$/.exec(new URL(request.url()).pathname);
    if (match) lookups.push(match[1]!);
  });
  await page.clock.install();
  await page.goto('/register');
  const cvr = page.getByRole('textbox', { name: 'CVR-nummer' });
  await expect(cvr).toBeEditable();
  // Focus starts downloading the form's validation and look-up code; let it arrive before the clock
  // stops, or its loading (which waits on timers too) would stall behind the paused clock.
  await cvr.focus();
  await page.waitForLoadState('networkidle');
  await page.clock.pauseAt(Date.now() + 60_000);

  // The page's timers run on a paused fake clock: only runFor moves them. A look-up fired too early
  // (or for the first number) would also show up in the final list, after the page has settled.
  await cvr.fill('25052943');
  await page.clock.runFor(499);
  await cvr.fill('24256790');
  await page.clock.runFor(499);
  expect(lookups).toEqual([]);
  await page.clock.runFor(1);
  await expect.poll(() => lookups).toEqual(['24256790']);

  await page.clock.resume();
  await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('NOVO NORDISK A/S');
  await expect(page.getByText('Virksomhedsdata hentet fra CVR-registret')).toBeVisible();
  expect(lookups).toEqual(['24256790']);
});
