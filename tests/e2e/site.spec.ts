import { expect, test } from './fixtures.ts';
import { expectToast, navigation } from './support.ts';

test('theme and language survive a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('lang', 'da');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Byg kurser, der får din viden ud at arbejde');

  await navigation(page).getByRole('button', { name: 'Skift til lyst tema' }).click();
  await navigation(page).getByRole('button', { name: 'English' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build courses that put your knowledge to work');

  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build courses that put your knowledge to work');
  await expect(navigation(page).getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(navigation(page).getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect(page).toHaveTitle(/Course platform for Danish businesses/);
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Side ikke fundet' })).toBeVisible();
  await page.getByRole('link', { name: 'Gå til forsiden' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Byg kurser, der får din viden ud at arbejde');
});

test('the navigation reaches every public page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
  await nav.getByRole('link', { name: 'AI-kursusskaber' }).click();
  await expect(page).toHaveURL('/course-creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Fra idé til færdigt kursus med AI' })).toBeVisible();
  await nav.getByRole('link', { name: 'Priser' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Priser, der vokser med jer' })).toBeVisible();
  await navigation(page).getByRole('link', { name: /Kursa/ }).click();
  await expect(page).toHaveURL('/');
});

test.describe('CVR test page', () => {
  test('shows the invalid state for a failing checksum', async ({ page }) => {
    await page.goto('/cvr-test');
    await page.getByRole('button', { name: '12345678' }).click();
    const input = page.getByRole('textbox', { name: 'CVR-nummer' });
    await expect(input).toHaveValue('12345678');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Indtast et gyldigt CVR-nummer')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Ugyldigt CVR-nummer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test formulardata' })).toBeDisabled();
  });

  test('fills the read-only fields from a valid number', async ({ page }) => {
    await page.goto('/cvr-test');
    await page.getByRole('button', { name: '25052943' }).click();
    await expectToast(page, 'CVR-data hentet');
    await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('MAGENTA ApS');
    await expect(page.getByRole('img', { name: 'Gyldigt CVR-nummer' })).toBeVisible();
    await page.getByRole('button', { name: 'Test formulardata' }).click();
    await expectToast(page, 'Formulardata testet');
    await page.getByRole('button', { name: 'Ryd formular' }).click();
    await expect(page.getByRole('textbox', { name: 'CVR-nummer' })).toHaveValue('');
    await expect(page.getByLabel('Virksomhedsnavn')).toHaveValue('');
  });
});
