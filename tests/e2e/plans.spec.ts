import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import SqliteDatabase from 'better-sqlite3';
import path from 'node:path';
import type { TPlanOverview } from '../../src/shared/schemas/plans.ts';
import { expect, test } from './fixtures.ts';
import { useSecondServer } from './second-server.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

// Plans in the browser: the dashboard's plan card for a company on its trial (Danish and
// English, both themes), and a company past its trial: the read-only banner across the app's pages
// and the toast that says why a write was refused.

const axeClean = async (page: Page) =>
  expect(
    (await (await settledAxe(page)).include('main').analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
const medium = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

test.describe('the plan card', () => {
  for (const { language, theme } of [
    { language: 'da', theme: 'light' },
    { language: 'en', theme: 'dark' },
  ] as const) {
    test(`shows the trial's end, the days left, the use of each limit and the way to a plan (${language}, ${theme})`, async ({ page }) => {
      await usePreferences(page, { language, theme });
      await registerThroughApi(page, uniqueEmail('plan'), 'plan-card-pass-1');
      const plan = (await (await page.request.get('/api/plan')).json()) as TPlanOverview;
      expect(plan).toMatchObject({ plan: 'trial', status: 'trial', readOnly: false });
      // The plan is the company's settings' (the overview starts with the work).
      await page.goto('/dashboard/settings');
      const card = page.getByRole('region', { name: language === 'da' ? 'Abonnement' : 'Plan' });
      await expect(card.getByTestId('plan-name')).toHaveText(
        language === 'da' ? 'Prøveperiode (som Professional)' : 'Trial (as Professional)',
      );
      const date = medium(plan.trialEndsAt!, language === 'da' ? 'da-DK' : 'en');
      await expect(card.getByTestId('plan-state')).toHaveText(
        language === 'da' ? `Prøveperioden slutter ${date} (14 dage tilbage)` : `The trial ends ${date} (14 days left)`,
      );
      if (language === 'da') {
        await expect(card.getByTestId('plan-usage-activeCourses')).toHaveText('Udgivne kurser0 (ubegrænset)');
        await expect(card.getByTestId('plan-usage-students')).toHaveText('Kursister0 af 1.000');
        await expect(card.getByTestId('plan-usage-admins')).toHaveText('Administratorer1 af 3');
      } else {
        await expect(card.getByTestId('plan-usage-activeCourses')).toHaveText('Published courses0 (unlimited)');
        await expect(card.getByTestId('plan-usage-students')).toHaveText('Learners0 of 1,000');
        await expect(card.getByTestId('plan-usage-admins')).toHaveText('Admins1 of 3');
      }
      await expect(card.getByRole('link', { name: language === 'da' ? 'Vælg abonnement' : 'Choose a plan' })).toHaveAttribute(
        'href',
        '/billing',
      );
      // A company on its trial sees no read-only banner.
      await expect(page.getByTestId('read-only-banner')).toHaveCount(0);
      await axeClean(page);
    });
  }
});

test.describe('a company past its trial', () => {
  // A server of its own (same build), whose SQLite file the test can reach to end the trial.
  const server = useSecondServer('plans', { SEED_DEMO: 'false' });

  /** Ends the company's trial a minute ago, in the database the server reads. */
  function endTrial(organisationId: string) {
    const db = new SqliteDatabase(path.join(server.dataDir(), 'kursa.db'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('update organisations set trial_ends_at = ? where id = ?').run(
        new Date(Date.now() - 60_000).toISOString(),
        organisationId,
      );
    } finally {
      db.close();
    }
  }

  /** Puts the company on a paid plan the operator granted (no end), in the database the server reads. */
  function grantPlan(organisationId: string, plan: string) {
    const db = new SqliteDatabase(path.join(server.dataDir(), 'kursa.db'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('update organisations set plan = ?, trial_ends_at = null, plan_paid_until = null where id = ?').run(plan, organisationId);
    } finally {
      db.close();
    }
  }

  test('on Starter the overview keeps its figures, and Analyser says which plans have it and leads an admin to them', async ({ page }) => {
    await registerThroughApi(page, uniqueEmail('starter'), 'plan-starter-pass-1');
    const me = await (await page.request.get('/api/me')).json();
    grantPlan(me.organisationId, 'starter');
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-courses')).toHaveText('0');
    await page.goto('/dashboard/analytics');
    const upgrade = page.getByRole('heading', { name: 'Avancerede analyser er med i Professional' });
    await expect(upgrade).toBeVisible();
    await expect(page.getByText(/Analyser over tid og kursus for kursus er med i abonnementerne Professional og Enterprise/)).toBeVisible();
    await expect(page.getByTestId('analytics')).toHaveCount(0);
    await axeClean(page);
    await page.getByRole('main').getByRole('link', { name: 'Se abonnementerne' }).click();
    await expect(page).toHaveURL('/billing');
  });

  test('shows the read-only banner on the app’s pages, and a refused write’s toast, with nothing created (da, then en)', async ({
    page,
  }) => {
    await registerThroughApi(page, uniqueEmail('expired'), 'plan-expired-pass-1');
    const me = await (await page.request.get('/api/me')).json();
    endTrial(me.organisationId);

    await page.goto('/dashboard');
    const banner = page.getByTestId('read-only-banner');
    await expect(banner.getByRole('heading')).toHaveText(/^Prøveperioden sluttede .+: jeres data er skrivebeskyttet$/);
    await expect(banner).toContainText('Alt er gemt, intet er slettet');
    await expect(page.getByRole('link', { name: 'Vælg abonnement' }).first()).toHaveAttribute('href', '/billing');
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('region', { name: 'Abonnement' }).getByTestId('plan-state')).toContainText('Prøveperioden sluttede');
    await page.goto('/dashboard');

    // A write: the server refuses it with 402 PLAN_REQUIRED, and the toast carries its message.
    await page.getByRole('button', { name: 'Opret nyt kursus' }).click();
    await page.getByLabel('Kursets titel').fill('Kursus efter prøveperioden');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/courses') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Opret og åbn byggeren' }).click();
    expect((await answer).status()).toBe(402);
    // The dialog is modal (the rest of the page is aria-hidden while it is open; its own field shows
    // the same message), so the toast's region is looked for among hidden elements too.
    const region = page.getByRole('region', { name: /Notifikationer/, includeHidden: true });
    await expect(region.getByText('Abonnement påkrævet', { exact: true })).toBeVisible();
    await expect(region).toContainText('Prøveperioden er slut, så virksomhedens data er skrivebeskyttet');
    await expect(region).toContainText('»Abonnement« (/billing)');
    const courses = await (await page.request.get(`/api/instructors/${me.id}/courses`)).json();
    expect(courses).toEqual([]);
    await page.keyboard.press('Escape');

    // The banner is on the app's other pages too, and in English.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/profile');
    await expect(page.getByTestId('read-only-banner').getByRole('heading')).toHaveText(/^The trial ended .+: your data is read-only$/);
    await expect(page.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/billing');
    await axeClean(page);
  });
});
