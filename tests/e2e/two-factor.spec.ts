import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { fillLogin, logout, uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Two-factor sign-in in the browser: an admin sets up an authenticator app on the profile's
 * Sikkerhed tab (the test plays the app with the key the page shows), keeps the recovery codes,
 * then logs in with the password and the app's code, and once with a recovery code.
 */

const codeFor = (key: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: at });

test('an admin turns on two-step verification and logs in with the app’s code, then a recovery code', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  const email = uniqueEmail('two-factor');
  await registerThroughApi(page, email, 'two-factor-pass-1');
  await page.goto('/profile?tab=security');
  const section = page.getByRole('region', { name: 'Totrinsbekræftelse' });
  await section.getByRole('button', { name: 'Slå totrinsbekræftelse til' }).click();
  await expect(section.getByRole('img', { name: 'QR-kode til din godkendelsesapp' })).toBeVisible();
  const key = (await section.locator('code').textContent())!.trim();
  expect(key).toMatch(/^[A-Z2-7]{32}$/);

  await section.getByRole('textbox', { name: 'Kode fra appen' }).fill('000000' === codeFor(key) ? '111111' : '000000');
  await section.getByRole('button', { name: 'Bekræft og slå til' }).click();
  await expect(section.getByText('Koden passer ikke. Skriv den kode, appen viser nu.')).toBeVisible();
  await section.getByRole('textbox', { name: 'Kode fra appen' }).fill(codeFor(key));
  await section.getByRole('button', { name: 'Bekræft og slå til' }).click();
  const codes = section.getByRole('list', { name: 'Dine gendannelseskoder' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!;
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Jeg har gemt dem' }).click();
  await expect(section.getByRole('status')).toHaveText('Totrinsbekræftelse er slået til. Du har 10 gendannelseskoder tilbage.');

  await logout(page);
  await page.goto('/login');
  await fillLogin(page, email, 'two-factor-pass-1');
  const step = page.getByRole('form', { name: 'Totrinsbekræftelse' });
  await expect(step).toBeVisible();
  await expect(step.getByRole('textbox', { name: 'Kode fra appen' })).toBeFocused();
  await expectNoAxeViolations(page);
  // The set-up took this step's code: the app's next one.
  await step.getByRole('textbox', { name: 'Kode fra appen' }).fill(codeFor(key, Date.now() + 30_000));
  await step.getByRole('button', { name: 'Bekræft' }).click();
  await expect(page).toHaveURL('/dashboard');

  await logout(page);
  await page.goto('/login');
  await fillLogin(page, email, 'two-factor-pass-1');
  await page.getByRole('button', { name: 'Brug en gendannelseskode' }).click();
  await page.getByRole('textbox', { name: 'Gendannelseskode' }).fill(recovery);
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/profile?tab=security');
  await expect(page.getByRole('region', { name: 'Totrinsbekræftelse' }).getByRole('status')).toHaveText(
    'Totrinsbekræftelse er slået til. Du har 9 gendannelseskoder tilbage.',
  );
});

test('an admin requires it of everyone, and a learner sets it up as they log in', async ({ page, browser, baseURL }) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('two-factor-boss'), 'two-factor-boss-1');
  const setup = (await (await page.request.post('/api/me/2fa/totp')).json()) as { secret: string };
  expect((await page.request.post('/api/me/2fa/totp/confirm', { data: { code: codeFor(setup.secret) } })).status()).toBe(200);
  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'two-factor-learner');
  const { email } = (await (await learner.request.get('/api/me')).json()) as { email: string };

  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Totrinsbekræftelse i virksomheden' });
  await expect(card.getByRole('radio', { name: 'Ingen krav' })).toBeChecked();
  await card.getByRole('radio', { name: 'Kræv det af alle' }).check();
  await card.getByRole('button', { name: 'Gem' }).click();
  await expect(card.getByRole('status')).toHaveText('Gemt.');
  await expectNoAxeViolations(page);

  // The learner's session ended; their next login sets it up.
  expect((await learner.request.get('/api/me')).status()).toBe(401);
  await usePreferences(learner, { language: 'da', theme: 'light' });
  await learner.goto('/login');
  await fillLogin(learner, email, 'lise-pass-123');
  const step = learner.getByRole('form', { name: 'Slå totrinsbekræftelse til' });
  await expect(step.getByRole('img', { name: 'QR-kode til din godkendelsesapp' })).toBeVisible();
  const key = (await step.locator('code').textContent())!.trim();
  await step.getByRole('textbox', { name: 'Kode fra appen' }).fill(codeFor(key));
  await step.getByRole('button', { name: 'Slå til og log ind' }).click();
  await expect(learner.getByRole('list', { name: 'Dine gendannelseskoder' }).getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(learner);
  await learner.getByRole('button', { name: 'Jeg har gemt dem' }).click();
  await expect(learner).toHaveURL(/\/(dashboard|learn|courses)/);
  expect((await learner.request.get('/api/me')).status()).toBe(200);
  await context.close();
});
