import { DEMO_LEARNER } from '../../src/shared/demo.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { DEMO_ACCOUNT, expectToast, fillLogin, uniqueEmail } from './support.ts';
import { registerThroughApi } from './ui-helpers.ts';

/**
 * After logging in a person lands where they asked to go (a path on this site in `?next=`) or where
 * they work: a learner in their learning, an instructor or admin on the dashboard; never on another
 * site. Someone who has just joined is welcomed as new, not back.
 */

test('a learner who logs in lands on /learn', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  await expectToast(page, 'Velkommen tilbage');
  await expect(page).toHaveURL('/learn');
  await expect(page.getByRole('heading', { level: 1, name: 'Min læring' })).toBeVisible();
});

test('an admin who logs in lands on the dashboard', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expectToast(page, 'Velkommen tilbage');
  await expect(page).toHaveURL('/dashboard');
});

test('?next= with a path in the app is where the login leads', async ({ page }) => {
  await page.goto(`/login?next=${encodeURIComponent('/profile?tab=settings')}`);
  await fillLogin(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  await expect(page).toHaveURL('/profile?tab=settings');
});

for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', '/\t/evil.example', '/%5Cevil.example']) {
  test(`?next=${JSON.stringify(next)} is not followed: the login stays on the site`, async ({ page }) => {
    const left: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname.endsWith('evil.example')) left.push(request.url());
    });
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await fillLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await expect(page).toHaveURL('/dashboard');
    expect(left).toEqual([]);
  });
}

test('a learner who accepts an invitation lands on /learn, welcomed as new', async ({ page, browser }) => {
  test.slow();
  await registerThroughApi(page, uniqueEmail('landing-admin'), 'landing-admin-pass-1');
  const learnerEmail = uniqueEmail('landing-learner');
  const before = mailCount();
  expect(
    (await page.request.post('/api/invitations', { data: { email: learnerEmail, role: 'learner', contactName: 'Nora Ny' } })).status(),
  ).toBe(201);
  const link = /http:\/\/localhost:\d+\/invite\/[\w-]+/.exec((await nextMailTo(learnerEmail, before)).text)![0];

  const context = await browser.newContext();
  const learner = await context.newPage();
  await learner.goto(link);
  await learner.getByLabel('Adgangskode', { exact: true }).fill('nora-pass-123');
  await learner.getByLabel('Gentag adgangskode', { exact: true }).fill('nora-pass-123');
  await learner.getByRole('button', { name: 'Opret min konto' }).click();
  await expect(learner).toHaveURL('/learn');
  await expectToast(learner, 'Velkommen til MAGENTA ApS');
  await expect(learner.getByText('Velkommen tilbage')).toHaveCount(0);
  // The greeting stays the newcomer's for the rest of the first visit, a reload included.
  await learner.goto('/dashboard');
  await expect(learner.getByRole('heading', { level: 1, name: 'Velkommen, Nora Ny' })).toBeVisible();
  await context.close();
});
