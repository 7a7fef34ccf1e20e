import { expect, test } from './fixtures.ts';
import { DEMO_LEARNER } from '../../src/shared/demo.ts';
import { DEMO_ACCOUNT, expectToast, navigation } from './support.ts';

test.describe('account pages', () => {
  test('send a logged-out visitor to the login page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?next=%2Fdashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();

    await page.goto('/profile');
    await expect(page).toHaveURL('/login?next=%2Fprofile');
  });

  test('return to the guarded page after logging in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO_ACCOUNT.email);
    await page.getByLabel('Adgangskode', { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: 'Log ind', exact: true }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: DEMO_ACCOUNT.contactName })).toBeVisible();
  });
});

test('the demo card fills in the demo login', async ({ page }) => {
  await page.goto('/login');
  const card = page.getByRole('region', { name: 'Demokonto' });
  await expect(card.getByText(DEMO_ACCOUNT.email)).toBeVisible();
  await card.getByRole('button', { name: 'Brug demokontoen' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(DEMO_ACCOUNT.email);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();

  await expectToast(page, 'Velkommen tilbage');
  await expect(page).toHaveURL('/dashboard');
  await expect(navigation(page).getByText(DEMO_ACCOUNT.contactName)).toBeVisible();
  await expect(page.getByText(DEMO_ACCOUNT.companyName).first()).toBeVisible();
});

test('the demo learner logs in from the card, lands in their learning and finds a completed and an assigned course', async ({ page }) => {
  await page.goto('/login');
  const card = page.getByRole('region', { name: 'Demokonto' });
  await expect(card.getByTestId('demo-learner').getByText(DEMO_LEARNER.email)).toBeVisible();
  await card.getByRole('button', { name: 'Brug kursistkontoen' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(DEMO_LEARNER.email);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page).toHaveURL('/learn');
  const cards = page.getByTestId('learning-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Præsentationsteknik' })).toContainText('100 % gennemført');
  await expect(cards.filter({ hasText: 'Leading with Purpose' })).toContainText('Frist');
});

test('settings switches are saved and survive a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Brug demokontoen' }).click();
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Indstillinger' }).click();
  // Marketing e-mails are the newsletter subscription of the account's address; the public profile is kept on the user.
  const marketing = page.getByRole('switch', { name: 'Markedsførings-e-mails' });
  const publicProfile = page.getByRole('switch', { name: 'Offentlig profil' });
  await expect(marketing).toBeEnabled();
  const marketingBefore = (await marketing.getAttribute('aria-checked')) === 'true';
  const publicBefore = (await publicProfile.getAttribute('aria-checked')) === 'true';

  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/account') && r.request().method() === 'PUT' && r.ok());
  await marketing.click();
  await subscribed;
  const saved = page.waitForResponse((r) => r.url().includes('/api/users/') && r.request().method() === 'PATCH' && r.ok());
  await publicProfile.click();
  await saved;

  await page.reload();
  await page.getByRole('tab', { name: 'Indstillinger' }).click();
  await expect(page.getByRole('switch', { name: 'Markedsførings-e-mails' })).toHaveAttribute('aria-checked', String(!marketingBefore));
  await expect(page.getByRole('switch', { name: 'Offentlig profil' })).toHaveAttribute('aria-checked', String(!publicBefore));
  // There is no switch that would do nothing.
  await expect(page.getByRole('switch', { name: 'Deling af analysedata' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'SMS-notifikationer' })).toHaveCount(0);
});
