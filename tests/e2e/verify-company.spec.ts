import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { freshCvr } from '../helpers/cvr.ts';
import { codeIn, mailCount, nextMailTo } from './mailbox.ts';
import { expectToast, fillLogin, logout, uniqueEmail } from './support.ts';

/**
 * Company verification in the browser: the register form's "not found in the registry" state, the dashboard's
 * confirmation notice with a code mailed to the company's registry address (MAGENTA ApS's fixture
 * has info@magenta.dk; the e2e server's local SMTP server stores the mail), a second registrant's
 * claim, and the profile asking for the current password to change the login e-mail.
 */

async function fillRegistration(page: Page, fields: { contactName: string; email: string; password: string }) {
  await page.getByLabel('Kontaktperson').fill(fields.contactName);
  await page.getByLabel('E-mailadresse').fill(fields.email);
  await page.getByLabel('Telefonnummer').fill('+45 33 12 34 56');
  await page.getByLabel('Adgangskode', { exact: true }).fill(fields.password);
  await page.getByLabel('Bekræft adgangskode', { exact: true }).fill(fields.password);
  await page.getByRole('checkbox', { name: /Jeg accepterer/ }).check();
}

test('a valid number the registry does not know: the form says the account will be unconfirmed, with no error', async ({ page }) => {
  await page.goto('/register');
  const cvr = page.getByRole('textbox', { name: 'CVR-nummer' });
  await cvr.fill(freshCvr());
  await expect(
    page.getByText('Virksomheden blev ikke fundet i CVR-registret. Kontoen oprettes som ubekræftet – udfyld felterne selv.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Ikke fundet i CVR-registret' })).toBeVisible();
  await expect(cvr).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('img', { name: 'Ugyldigt CVR-nummer' })).toHaveCount(0);
  // The look-up's not-found toast, saying what it means here, and not as an error.
  const toast = page
    .getByRole('region', { name: /Notifikationer/ })
    .locator('[data-variant]')
    .filter({ hasText: 'CVR ikke fundet' });
  await expect(toast).toHaveAttribute('data-variant', 'default');
  await expect(toast).toContainText(
    'Kunne ikke finde virksomhed med dette CVR-nummer. Kontoen oprettes som ubekræftet – udfyld virksomhedens oplysninger selv.',
  );

  await page.getByLabel('Virksomhedsnavn').fill('Ukendt Værksted ApS');
  await page.getByLabel('Adresse', { exact: true }).fill('Nørregade 10');
  await page.getByLabel('By', { exact: true }).fill('Aarhus C');
  await page.getByLabel('Postnummer').fill('8000');
  await fillRegistration(page, { contactName: 'Ulla Ukendt', email: uniqueEmail('unknown'), password: 'unknown-password-1' });
  await page.getByRole('button', { name: 'Opret konto' }).click();
  await expectToast(page, 'Registrering gennemført');
  const toasts = page.getByRole('region', { name: /Notifikationer/ });
  await expect(toasts.getByText(/^Din konto er oprettet, men virksomheden er ikke bekræftet endnu\./)).toBeVisible();

  await page.goto('/dashboard');
  const notice = page.getByRole('region', { name: 'Bekræft, at du handler for Ukendt Værksted ApS' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('Virksomheden blev ikke fundet i CVR-registret, så den kan ikke bekræftes her.')).toBeVisible();

  // Readable in both themes (dark is the default).
  for (const theme of ['dark', 'light']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    await expect(notice).toBeVisible();
    const scan = await (await settledAxe(page)).include('section[aria-labelledby="company-verification-title"]').analyze();
    expect(scan.violations, theme).toEqual([]);
  }
});

test('the dashboard explains how to confirm; a code mailed to the company confirms it; a rival registrant must wait for the code', async ({
  page,
}) => {
  const first = {
    contactName: 'Mette Magenta',
    email: uniqueEmail('magenta-first').replace('@example.com', '@gmail.com'),
    password: 'magenta-first-1',
  };
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'CVR-nummer' }).fill('25052943');
  await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('MAGENTA ApS');
  await fillRegistration(page, first);
  await page.getByRole('button', { name: 'Opret konto' }).click();
  await expectToast(page, 'Registrering gennemført');

  await page.goto('/dashboard');
  const notice = page.getByRole('region', { name: 'Bekræft, at du handler for MAGENTA ApS' });
  await expect(notice).toBeVisible();
  // The offline registry: offered and shown, not required.
  await expect(notice.getByText(/På denne installation er det ikke et krav/)).toBeVisible();
  await expect(notice.getByText('Registreringer med en e-mailadresse på magenta.dk bekræftes med det samme.')).toBeVisible();
  await expect(notice.getByText(/virksomhedens e-mailadresse i CVR-registret \(i\*\*\*@magenta\.dk\)/)).toBeVisible();
  const before = mailCount();
  await notice.getByRole('button', { name: 'Send kode' }).click();
  await expect(notice.getByText(/Koden er sendt til i\*\*\*@magenta\.dk/)).toBeVisible();
  const firstMail = await nextMailTo('info@magenta.dk', before);
  expect(firstMail.text).toContain(`Mette Magenta (${first.email})`);

  // A second registrant for the same CVR is not refused: a code goes to the company instead.
  await logout(page);
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'CVR-nummer' }).fill('25052943');
  await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('MAGENTA ApS');
  await fillRegistration(page, { contactName: 'Rasmus Rival', email: uniqueEmail('magenta-rival'), password: 'magenta-rival-1' });
  const beforeRival = mailCount();
  await page.getByRole('button', { name: 'Opret konto' }).click();
  const claim = page.getByRole('form', { name: 'Bekræft, at du handler for virksomheden' });
  await expect(claim).toBeVisible();
  await expect(claim.getByText(/\(i\*\*\*@magenta\.dk\)/)).toBeVisible();
  const rivalMail = await nextMailTo('info@magenta.dk', beforeRival);
  expect(rivalMail.text).toContain('Rasmus Rival');
  await claim.getByLabel('Kode fra e-mailen').fill('AAAA-AAAA');
  await claim.getByRole('button', { name: 'Bekræft og opret konto' }).click();
  await expect(claim.getByText('Koden er forkert. Du har 4 forsøg tilbage.')).toBeVisible();

  // Back to the first registrant: the company's mailbox gave them their code.
  await page.goto('/login');
  await fillLogin(page, first.email, first.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(notice.getByText(/Koden er sendt til i\*\*\*@magenta\.dk/)).toBeVisible();
  await notice.getByLabel('Kode fra e-mailen').fill('AAAA-AAAA');
  await notice.getByRole('button', { name: 'Bekræft virksomheden' }).click();
  await expect(notice.getByText('Koden er forkert. Du har 4 forsøg tilbage.')).toBeVisible();
  await notice.getByLabel('Kode fra e-mailen').fill(codeIn(firstMail).toLowerCase());
  await notice.getByRole('button', { name: 'Bekræft virksomheden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'MAGENTA ApS er bekræftet.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Bekræft, at du handler for/ })).toHaveCount(0);
});

test('changing the login e-mail on the profile asks for the current password', async ({ page }) => {
  const email = uniqueEmail('email-change');
  const password = 'email-change-pass-1';
  const response = await page.request.post('/api/register', {
    headers: { 'accept-language': 'da' },
    data: {
      companyName: 'Skift Email ApS',
      cvrNumber: freshCvr(),
      contactName: 'Erik Email',
      email,
      phone: '+45 12 34 56 78',
      address: 'Nørregade 10',
      city: 'Aarhus C',
      postalCode: '8000',
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Rediger' }).click();
  await expect(page.getByLabel('Nuværende adgangskode', { exact: true })).toHaveCount(0);
  const newEmail = uniqueEmail('email-changed');
  await page.getByLabel('E-mail', { exact: true }).fill(newEmail);
  const current = page.getByLabel('Nuværende adgangskode', { exact: true });
  await expect(current).toBeVisible();
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByText('Indtast din nuværende adgangskode for at ændre din e-mail.')).toBeVisible();
  await expect(current).toBeFocused();

  await current.fill('not-the-password');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByText('Nuværende adgangskode er forkert.').first()).toBeVisible();

  const before = mailCount();
  await current.fill(password);
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expectToast(page, 'Profil opdateret');
  await expect(page.getByLabel('Nuværende adgangskode', { exact: true })).toHaveCount(0);
  // The session continues under its new token; the old address is told.
  await page.reload();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(newEmail);
  const notice = await nextMailTo(email, before);
  expect(notice.subject).toBe('Din login-e-mail på Kursa er ændret');
  expect(notice.text).toContain(newEmail);
});
