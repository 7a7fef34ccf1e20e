import { expect, test } from './fixtures.ts';
import { expectToast, fillLogin, logout, navigation, uniqueEmail } from './support.ts';

/**
 * One company's life: register with CVR auto-fill, log out and in again, edit the profile,
 * change the password and log in with the new one.
 */
test('a company registers, edits its profile and changes its password', async ({ page }) => {
  const email = uniqueEmail('journey');
  const password = 'first-password-1';
  const newPassword = 'second-password-2';
  const contactName = 'Ida Testesen';

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Opret virksomhedskonto' })).toBeVisible();

  // CVR 61056416 is CARLSBERG A/S in the offline registry; the look-up fills the company fields.
  // (MAGENTA, the one fixture with a registry e-mail, belongs to verify-company.spec.ts.)
  await page.getByRole('textbox', { name: 'CVR-nummer' }).fill('61056416');
  await expectToast(page, 'CVR-data hentet');
  await expect(page.getByText('Virksomhedsdata hentet fra CVR-registret')).toBeVisible();
  await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('CARLSBERG A/S');
  await expect(page.getByLabel('Adresse', { exact: true })).toHaveValue('J.C. Jacobsens Gade 1');
  await expect(page.getByLabel('Postnummer')).toHaveValue('1799');

  await page.getByLabel('Kontaktperson').fill(contactName);
  await page.getByLabel('E-mailadresse').fill(email);
  await page.getByLabel('Telefonnummer').fill('+45 33 12 34 56');
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  await page.getByLabel('Bekræft adgangskode', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Vis Adgangskode', exact: true }).click();
  await expect(page.getByLabel('Adgangskode', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('checkbox', { name: /Jeg accepterer/ }).check();
  await page.getByRole('button', { name: 'Opret konto' }).click();

  await expectToast(page, 'Registrering gennemført');
  // A new company lands in the app, greeted as new, on its getting-started checklist.
  await expect(page).toHaveURL('/dashboard');
  await expect(navigation(page).getByTestId('nav-user-name')).toHaveText(contactName);
  await expect(page.getByRole('heading', { level: 1, name: `Velkommen, ${contactName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kom godt i gang med Kursa' })).toBeVisible();

  await logout(page);

  await page.goto('/login');
  await fillLogin(page, email, 'not-the-password');
  await expectToast(page, 'Login fejlede');
  await expect(page.getByText('Ugyldig e-mail eller adgangskode.').first()).toBeVisible();

  await fillLogin(page, email, password);
  await expectToast(page, 'Velkommen tilbage');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Velkommen tilbage, ${contactName}` })).toBeVisible();

  await navigation(page).getByRole('button', { name: 'Konto' }).click();
  await navigation(page).getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL('/profile');
  await page.getByRole('button', { name: 'Rediger' }).click();
  await page.getByLabel('Telefon').fill('+45 70 20 30 40');
  await page.getByLabel('Om mig').fill('Underviser i projektledelse.');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expectToast(page, 'Profil opdateret');

  await page.reload();
  await expect(page.getByLabel('Telefon')).toHaveValue('+45 70 20 30 40');
  await expect(page.getByLabel('Om mig')).toHaveValue('Underviser i projektledelse.');

  await page.getByRole('tab', { name: 'Sikkerhed' }).click();
  await page.getByLabel('Nuværende adgangskode', { exact: true }).fill(password);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill(newPassword);
  await page.getByLabel('Bekræft ny adgangskode', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Skift adgangskode' }).click();
  await expectToast(page, 'Adgangskode ændret');

  await logout(page);
  await page.goto('/login');
  await fillLogin(page, email, newPassword);
  await expect(page).toHaveURL('/dashboard');
  await expect(navigation(page).getByTestId('nav-user-name')).toHaveText(contactName);
});
