import { expect, test } from './fixtures.ts';
import { logIn } from './ui-helpers.ts';

/**
 * The manual path end to end: the demo admin builds and publishes a course by hand, finds it in the
 * catalogue by search, and opens it on the company's own subdomain — all through the UI.
 */
test('a newcomer builds a course by hand, publishes it, and finds it in the catalogue and on the company site', async ({ page }) => {
  const title = `Mødeledelse ${Date.now().toString(36)}`;
  await logIn(page);
  await page.goto('/dashboard');
  // The demo company's sample courses are there from the start.
  await page.getByRole('tab', { name: 'Mine kurser' }).click();
  await expect(page.getByRole('link', { name: /Præsentationsteknik: Tal, så folk lytter/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Opret nyt kursus' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Opret et nyt kursus' });
  await dialog.getByLabel('Kursets titel').fill(title);
  await dialog.getByRole('button', { name: 'Opret og åbn byggeren' }).click();
  await expect(page.getByTestId('builder-title')).toHaveText(title);

  await page.getByRole('tab', { name: 'Indstillinger' }).click();
  await page.getByLabel('Beskrivelse').fill('Korte, gode møder: dagsorden, roller og beslutninger, der bliver fulgt op.');
  await page.getByRole('textbox', { name: 'Tags', exact: true }).fill('møder, facilitering');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

  await page.getByRole('tab', { name: 'Indhold' }).click();
  await page.getByLabel('Nyt modul').fill('Før mødet');
  await page.getByRole('button', { name: 'Tilføj modul' }).click();
  const module = page.getByTestId('outline-module').first();
  await module.getByLabel('Ny lektion').fill('En dagsorden med formål');
  await module.getByLabel('Type').selectOption('text');
  await module.getByRole('button', { name: 'Tilføj lektion' }).click();
  const editor = page.getByRole('textbox', { name: 'Lektionstekst: En dagsorden med formål' });
  await editor.click();
  await page.keyboard.type('Skriv for hvert punkt, hvad mødet skal beslutte.');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

  await page.getByRole('button', { name: 'Udgiv', exact: true }).click();
  await expect(page.getByTestId('course-status')).toHaveText('Udgivet');
  const siteUrl = await page.getByTestId('site-url').getAttribute('href');
  expect(siteUrl).toMatch(/^http:\/\/demo\.localhost:\d+\/courses\/moedeledelse-/);

  // The catalogue finds it by a word of its title, in another case, and by its tag.
  await page.goto('/courses');
  await page.getByRole('searchbox', { name: 'Søg i kurser' }).fill('MØDELEDELSE');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Søg i kurser' }).fill('facilitering');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The company's own site lists it and serves its page, with the lesson in the outline.
  await page.goto(new URL('/', siteUrl!).toString());
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  // The sample courses' thumbnails (640×360 PNGs) load from the site's own origin.
  const sample = page.getByRole('article', { name: 'Præsentationsteknik: Tal, så folk lytter' }).locator('img');
  await sample.scrollIntoViewIfNeeded();
  await expect.poll(() => sample.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(640);
  await page.goto(siteUrl!);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('En dagsorden med formål')).toBeVisible();
});
