import { readFileSync } from 'node:fs';
import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import type { TResourceDetail, TResourceList } from '../../src/shared/schemas/resources.ts';
import { expect, test } from './fixtures.ts';
import { usePreferences } from './ui-helpers.ts';

/**
 * The resources library (/resources) and a resource's page (/resources/:slug), from
 * the repository's content files, in both languages and both themes.
 */

async function expectNoViolations(page: Page): Promise<void> {
  const results = await (await settledAxe(page)).include('main').analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const grid = (page: Page) => page.getByTestId('resource-grid');
const cardTitles = (page: Page) => grid(page).getByRole('heading', { level: 3 });

test('search, the type select and chips, the featured section and the empty state (Danish, dark)', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  const library = (await (await page.request.get('/api/resources?lang=da')).json()) as TResourceList;
  await page.goto('/resources');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guides og skabeloner til bedre kurser');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // The featured section shows the featured resources; the grid shows everything.
  const featured = page.getByTestId('featured-resources');
  await expect(featured.getByRole('heading', { name: 'Udvalgte ressourcer' })).toBeVisible();
  await expect(featured.getByTestId('resource-card')).toHaveCount(library.resources.filter((r) => r.featured).length);
  await expect(featured.getByRole('link', { name: 'Byg dit første kursus med AI-kursusskaberen' })).toBeVisible();
  await expect(cardTitles(page)).toHaveCount(library.resources.length);
  await expect(page.getByTestId('resources-count')).toHaveText(`Viser ${library.resources.length} ressourcer`);
  await expectNoViolations(page);

  // Search: case-insensitive over title, description and tags; the address keeps it.
  const search = page.getByRole('searchbox', { name: 'Søg i ressourcer' });
  await search.fill('gdpr');
  await expect(page).toHaveURL('/resources?q=gdpr');
  await expect(cardTitles(page)).toHaveText(['GDPR for kursusudbydere i Danmark']);
  await expect(featured).toBeHidden();
  await search.fill('EXCEL');
  await expect(cardTitles(page)).toHaveCount(2);
  await search.fill('');
  await expect(page).toHaveURL('/resources');

  // The chips and the select show and set the same type.
  const chips = page.getByRole('group', { name: 'Vis type' });
  const select = page.getByRole('combobox', { name: 'Type' });
  await chips.getByRole('button', { name: 'Skabeloner' }).click();
  await expect(page).toHaveURL('/resources?type=templates');
  await expect(select).toHaveValue('templates');
  await expect(chips.getByRole('button', { name: 'Skabeloner' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cardTitles(page)).toHaveText(['Skabelon: kursusplan', 'Skabelon: quizspørgsmål']);
  await expect(grid(page).getByTestId('resource-type').first()).toHaveText('Skabelon');

  // Only the types the library has entries of are offered: none of videos or podcasts yet.
  await expect(chips.getByRole('button')).toHaveText(['Alle', 'Guides', 'Skabeloner', 'Cases', 'God praksis']);
  await expect(select.getByRole('option')).toHaveText(['Alle', 'Guides', 'Skabeloner', 'Cases', 'God praksis']);
  // A shared address to an empty type shows it, and says so honestly rather than invent entries.
  await page.goto('/resources?type=videos');
  await expect(select).toHaveValue('videos');
  await expect(chips.getByRole('button', { name: 'Videoer' })).toHaveAttribute('aria-pressed', 'true');
  const none = page.getByTestId('resources-none-of-type');
  await expect(none.getByRole('heading', { name: 'Der er ingen videoer endnu' })).toBeVisible();
  await expect(page.getByTestId('resource-card')).toHaveCount(0);
  await expectNoViolations(page);
  await chips.getByRole('button', { name: 'Guides' }).click();
  await expect(page).toHaveURL('/resources?type=guides');
  await expect(chips.getByRole('button', { name: 'Videoer' })).toHaveCount(0);
  // Back undoes a choice of type.
  await page.goBack();
  await expect(page).toHaveURL('/resources?type=videos');
  await expect(select).toHaveValue('videos');
  await none.getByRole('button', { name: 'Vis alle ressourcer' }).click();
  await expect(page).toHaveURL('/resources');
  await expect(cardTitles(page)).toHaveCount(library.resources.length);

  // A shared address opens the same search; a search without matches says so and can be cleared.
  await page.goto('/resources?q=quiz&type=templates');
  await expect(search).toHaveValue('quiz');
  await expect(cardTitles(page)).toHaveText(['Skabelon: quizspørgsmål']);
  await search.fill('quiz ingenting-her');
  await expect(
    page.getByTestId('resources-no-results').getByRole('heading', { name: 'Ingen ressourcer matcher din søgning' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Nulstil søgning og filtre' }).click();
  await expect(page).toHaveURL('/resources');
  await expect(search).toHaveValue('');
});

test('a resource opens, its template downloads and its view is counted once (English, light)', async ({ browser }) => {
  // A visitor of its own: the server counts an address (an IPv6 /64) once a day, and every other
  // spec's browser comes from 127.0.0.1, so this one comes through the proxy header from a /64 of its own.
  const net = () => Math.floor(Math.random() * 0x10000).toString(16);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `2001:db8:${net()}:${net()}::1` } });
  const page = await context.newPage();
  await usePreferences(page, { language: 'en', theme: 'light' });
  const before = ((await (await page.request.get('/api/resources/course-plan-template?lang=en')).json()) as TResourceDetail).views;

  await page.goto('/resources');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guides and templates for better courses');
  await expectNoViolations(page);
  await grid(page).getByRole('link', { name: 'Template: course plan' }).click();
  await expect(page).toHaveURL('/resources/course-plan-template');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Template: course plan');
  await expect(page).toHaveTitle('Template: course plan · Kursa');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Template: course plan');
  await expect(page.getByTestId('resource-body').getByRole('heading', { level: 2, name: 'The columns' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByText('Template: course plan')).toHaveAttribute('aria-current', 'page');

  // The view is counted: the count rises by one.
  await expect(page.getByTestId('resource-fact-views')).toHaveText(String(before + 1));

  // The template downloads as the repository's file.
  const box = page.getByTestId('resource-download');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    box.getByRole('link', { name: 'Download course-plan-template.csv' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('course-plan-template.csv');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain('Module no.,Module,Lesson no.,Lesson');

  await expect(page.getByTestId('related-resources').getByTestId('resource-card')).toHaveCount(3);
  await expectNoViolations(page);

  // Once a day: a second visit does not count again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Template: course plan');
  await expect(page.getByTestId('resource-fact-views')).toHaveText(String(before + 1));

  // The breadcrumb leads back to the library, where the card shows the count too.
  await breadcrumb.getByRole('link', { name: 'Resources' }).click();
  await expect(page).toHaveURL('/resources');
  const card = grid(page).getByTestId('resource-card').filter({ hasText: 'Template: course plan' });
  await expect(card.getByTestId('resource-views')).toHaveText(before + 1 === 1 ? '1 view' : `${before + 1} views`);
  await context.close();
});

test('a resource in Danish in the dark theme, a link inside an article, and an unknown resource', async ({ page }) => {
  // Danish and dark are the defaults.
  await page.goto('/resources/example-onboarding-at-a-wholesaler');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eksempelscenarie: onboarding af lagermedarbejdere hos en grossist');
  // A case study is labelled as an invented scenario.
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('scenario-note')).toHaveText(
    'Dette er et eksempelscenarie: virksomheden, personerne og forløbet er opdigtede.',
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /opdigtet, men realistisk forløb/);
  await expect(page.getByTestId('resource-download')).toHaveCount(0);
  await expectNoViolations(page);

  // A link between resources in the article opens the other one.
  await page.getByTestId('resource-body').getByRole('link', { name: 'kursusplan-skabelonen' }).click();
  await expect(page).toHaveURL('/resources/course-plan-template');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skabelon: kursusplan');
  await expect(page.getByTestId('resource-download').getByRole('link', { name: 'Hent kursusplan-skabelon.csv' })).toHaveAttribute(
    'href',
    '/api/resources/course-plan-template/download?lang=da',
  );

  // Switching the language shows the English text of the same resource.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Template: course plan');

  await page.goto('/resources/findes-ikke');
  await expect(page.getByTestId('resource-not-found').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('a visitor rates a resource once with the stars, changes it with the keyboard, and another visitor sees only the average', async ({
  browser,
}) => {
  // Each visitor from a /64 of its own: the server knows a visitor by their address.
  const net = () => Math.floor(Math.random() * 0x10000).toString(16);
  const visitor = async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `2001:db8:${net()}:${net()}::1` } });
    return { context, page: await context.newPage() };
  };
  const slug = 'measuring-completion';
  const first = await visitor();
  const page = first.page;
  const before = ((await (await page.request.get(`/api/resources/${slug}?lang=da`)).json()) as TResourceDetail).rating;
  const average = (value: string, count: number) => `${value} af 5 (${count} ${count === 1 ? 'bedømmelse' : 'bedømmelser'})`;

  await page.goto(`/resources/${slug}`);
  const box = page.getByRole('region', { name: 'Hvad synes du?' });
  const stars = box.getByRole('group', { name: 'Bedøm ressourcen' });
  await expect(stars.getByRole('radio')).toHaveCount(5);
  // A click on the fourth star (the radio's label; the radio itself is visually hidden).
  await stars
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '4 stjerner' }) })
    .click();
  await expect(box.getByRole('status')).toHaveText('Tak, din bedømmelse er gemt.');
  // Rated, the group says so and offers a change.
  await expect(
    box.getByRole('group', { name: 'Din bedømmelse – vælg igen for at ændre den' }).getByRole('radio', { name: '4 stjerner' }),
  ).toBeChecked();
  await expectNoViolations(page);

  // Known again after a reload: the own rating shows, and the arrow keys change it.
  await page.reload();
  const again = page.getByRole('group', { name: 'Din bedømmelse – vælg igen for at ændre den' });
  await expect(again.getByRole('radio', { name: '4 stjerner' })).toBeChecked();
  await again.getByRole('radio', { name: '4 stjerner' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('resource-rating-status')).toHaveText('Tak, din bedømmelse er gemt.');
  await expect(again.getByRole('radio', { name: '2 stjerner' })).toBeChecked();
  const mine = ((await (await page.request.get(`/api/resources/${slug}?lang=da`)).json()) as TResourceDetail).rating;
  expect(mine.count).toBe(before.count + 1);
  await first.context.close();

  // Another visitor sees the average and count, and no rating of their own.
  const second = await visitor();
  await second.page.goto(`/resources/${slug}`);
  await expect(second.page.getByTestId('resource-rating-average')).toHaveText(
    average(new Intl.NumberFormat('da-DK', { minimumFractionDigits: 1 }).format(mine.average!), mine.count),
  );
  await expect(second.page.getByRole('group', { name: 'Bedøm ressourcen' }).getByRole('radio', { checked: true })).toHaveCount(0);
  await second.context.close();
});
