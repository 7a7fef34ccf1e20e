import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// The landing page — hero with trial and demo buttons, six features, the builder
// preview, this installation's figures in #stats-section, the three plans, the closing call to
// action and the footer's four columns.

interface SiteStats {
  coursesCreated: number;
  activeLearners: number;
  completionRate: number | null;
  averageRating: number | null;
  reviews: number;
}

async function siteStats(page: Page): Promise<SiteStats> {
  return (await (await page.request.get('/api/site-stats')).json()) as SiteStats;
}

test('the landing page in Danish: its calls to action, features, preview, real figures and plans', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Byg kurser, der får din viden ud at arbejde');
  await expect(main.getByRole('link', { name: 'Book en demo' })).toHaveAttribute('href', '/contact?topic=demo');
  await expect(main.getByRole('heading', { level: 3 })).toHaveCount(6 + 3);
  await expect(page.getByRole('img', { name: 'En illustration af kursusbyggeren' })).toContainText('Tilføj ny lektion');

  // The figures are the server's, formatted in Danish.
  const stats = await siteStats(page);
  const section = page.locator('#stats-section');
  await expect(section.getByTestId('stat-courses').locator('dd').first()).toHaveText(stats.coursesCreated.toLocaleString('da-DK'));
  await expect(section.getByTestId('stat-learners').locator('dd').first()).toHaveText(stats.activeLearners.toLocaleString('da-DK'));
  await expect(section.getByTestId('stat-completion').locator('dd').first()).toHaveText(
    stats.completionRate === null ? '–' : `${stats.completionRate} %`,
  );
  await expect(section.getByTestId('stat-rating').locator('dd').first()).toHaveText(
    stats.averageRating === null ? '–' : `${stats.averageRating.toLocaleString('da-DK', { minimumFractionDigits: 1 })} / 5`,
  );

  // The plans' prices (src/shared/plans.ts), monthly, ex. moms, each card leading to /register with its plan.
  for (const [plan, price] of [
    ['starter', '199'],
    ['professional', '399'],
    ['enterprise', '799'],
  ] as const) {
    const card = page.getByTestId(`plan-${plan}`);
    await expect(card.getByTestId('plan-price')).toHaveText(new RegExp(`^${price}\\s*kr\\.$`));
    await expect(card.getByRole('link', { name: 'Prøv gratis i 14 dage' })).toHaveAttribute(
      'href',
      `/register?plan=${plan}&period=monthly`,
    );
  }
  await expect(page.getByTestId('plan-professional')).toContainText('Mest populær');
  await expect(page.getByTestId('plan-starter')).toContainText('Op til 5 aktive kurser');
  await expect(page.getByTestId('plan-starter')).toContainText('Op til 100 kursister');
  await expect(page.getByTestId('plan-professional')).toContainText('Op til 3 administratorer');
  await main.getByRole('link', { name: 'Sammenlign alle abonnementer' }).click();
  await expect(page).toHaveURL('/pricing');
});

test('in English, and for a logged-in user the plans lead to billing instead of registration', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build courses that put your knowledge to work');
  await expect(page.getByTestId('plan-starter').getByTestId('plan-price')).toHaveText('DKK 199');
  await expect(page.getByTestId('plan-starter')).toContainText('/month excl. VAT');
  await expect(page.getByRole('main').getByRole('link', { name: 'Book a demo' })).toHaveAttribute('href', '/contact?topic=demo');
  await logIn(page);
  await page.goto('/');
  await expect(page.getByTestId('plan-enterprise').getByRole('link', { name: 'Choose this plan' })).toHaveAttribute(
    'href',
    '/billing?plan=enterprise&period=monthly',
  );
});

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['da', 'en'] as const) {
    test(`the landing page passes axe (${language}, ${theme})`, async ({ page }) => {
      await usePreferences(page, { language, theme });
      await page.goto('/');
      await expect(page.getByTestId('site-stats')).toBeVisible();
      expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);
    });
  }
}
