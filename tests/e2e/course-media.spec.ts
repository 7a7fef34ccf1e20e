import type { Page } from '@playwright/test';
import type { TCourse, TLesson } from '../../src/shared/schemas/courses.ts';
import { answer } from '../helpers/fake-openai.ts';
import { settledAxe } from './axe.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { useSecondServer } from './second-server.ts';
import { courseWithLesson, expectToast } from './support.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// The creator's media step and its helper roles, in Chromium: a cover and a lesson illustration
// drawn by the e2e server's fake image endpoint, the alt text edited, the cover used and the
// illustration inserted into its lesson; the four helpers on the assistants page; and, on a server
// without an image model, the step saying so.

async function openContentStep(page: Page, name: RegExp) {
  await page.goto('/dashboard/creator');
  await expect(page.getByTestId('creator-wizard')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('step-indicator').getByRole('button', { name }).click();
  await expect(page.getByTestId('step-media')).toBeVisible();
}

async function axe(page: Page) {
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('with an image model', () => {
  test.beforeEach(async () => {
    await fakeAi.reset();
  });

  test('a cover and an illustration are drawn, described, used and inserted (da, dark), and the step passes axe', async ({ page }) => {
    await usePreferences(page, { language: 'da', theme: 'dark' });
    await logIn(page);
    const { course, lessonId } = await courseWithLesson(page, `Billeder ${Date.now()}`, 'Sikre løft');
    await openContentStep(page, /^Indhold$/);
    const helpers = page.getByTestId('step-helpers');
    await expect(helpers).toContainText('Content Architect');
    await expect(helpers).toContainText('Media Creator');

    const media = page.getByTestId('step-media');
    await media.getByLabel('Kursus', { exact: true }).selectOption(course.id);
    await expect(media.getByText('Kurset har intet billede endnu.')).toBeVisible();
    await expect(media.getByText('Der er ikke tegnet nogen billeder til kurset endnu.')).toBeVisible();

    await fakeAi.script(
      answer.json({
        prompt: 'A tidy warehouse with pallets and a forklift, flat vector style',
        alt_text: 'Et ryddeligt lager med paller.',
      }),
    );
    await media.getByLabel('Ønsker til billedet (valgfrit)').fill('Blå og orange farver');
    await media.getByRole('button', { name: 'Tegn et kursusbillede' }).click();
    await expectToast(page, 'Billedet er tegnet');
    const cover = media.getByTestId('drawn-image').filter({ hasText: 'Til kursusbilledet' });
    await expect(cover.getByRole('img', { name: 'Et ryddeligt lager med paller.' })).toBeVisible();
    await expect.poll(() => cover.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(cover).toContainText('openai-compatible');

    // The alt text is edited and saved before the picture is used.
    const alt = cover.getByLabel('Alternativ tekst');
    await alt.fill('Et ryddeligt lager med paller og en gaffeltruck.');
    await expect(cover.getByRole('button', { name: 'Brug som kursusbillede' })).toBeDisabled();
    await cover.getByRole('button', { name: 'Gem teksten' }).click();
    await expectToast(page, 'Den alternative tekst er gemt');
    await expect(alt).toBeFocused();
    await cover.getByRole('button', { name: 'Brug som kursusbillede' }).click();
    await expectToast(page, 'Billedet er nu kursets billede');
    await expect(cover.getByTestId('image-in-use')).toHaveText('Kursets billede');
    await expect(cover.getByTestId('image-in-use')).toBeFocused();
    await expect(media.getByRole('img', { name: 'Kursets billede nu' })).toBeVisible();
    const withCover = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
    expect(withCover.thumbnailUrl).toBe(await cover.getByRole('img').getAttribute('src'));

    await fakeAi.script(
      answer.json({ prompt: 'Two hands lifting a box with a straight back, clean illustration', alt_text: 'To hænder løfter en kasse.' }),
    );
    await media.getByLabel('Lektion', { exact: true }).selectOption(lessonId);
    await media.getByRole('button', { name: 'Tegn en illustration' }).click();
    await expectToast(page, 'Billedet er tegnet');
    const illustration = media.getByTestId('drawn-image').filter({ hasText: 'Til lektionen »Sikre løft«' });
    await illustration.getByRole('button', { name: 'Sæt ind i lektionen' }).click();
    await expectToast(page, 'Billedet er sat ind sidst i lektionen');
    await expect(illustration.getByTestId('image-in-use')).toHaveText('Sat ind i lektionen');
    const lesson = (await (await page.request.get(`/api/lessons/${lessonId}`)).json()) as TLesson;
    expect((lesson.content as { content: unknown[] }).content.at(-1)).toEqual({
      type: 'image',
      attrs: { src: await illustration.getByRole('img').getAttribute('src'), alt: 'To hænder løfter en kasse.' },
    });
    await axe(page);
  });

  test('the assistants page shows the four helpers, ready, with a link to their step (en)', async ({ page }) => {
    await usePreferences(page, { language: 'en', theme: 'light' });
    await logIn(page);
    await page.goto('/dashboard/assistants');
    const helpers = page.getByTestId('creator-helpers');
    await expect(helpers.getByRole('heading', { name: "The course creator's AI helpers" })).toBeVisible();
    for (const name of ['Content Architect', 'Media Creator', 'Learning Analyst', 'Market Intelligence'])
      await expect(helpers.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('helper-media-creator')).toContainText('Ready');
    await expect(page.getByTestId('helper-content-architect').getByRole('link')).toHaveText('Open the Course concept step');
    await page.getByTestId('helper-learning-analyst').getByRole('link', { name: 'Open the Insights step' }).click();
    await expect(page.getByTestId('step-heading')).toHaveText('Insights');
    await expect(page.getByTestId('step-helpers')).toContainText('Learning Analyst');
    await axe(page);
  });
});

test.describe('without an image model', () => {
  // A provider for text (never reached here) and no AI_IMAGE_MODEL: a compatible server draws nothing unless named.
  useSecondServer('noimages', { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'text-only' });

  test('the media step says so, and tells the admin what to set; the Media Creator is shown without an image model', async ({ page }) => {
    await usePreferences(page, { language: 'da', theme: 'light' });
    await logIn(page);
    const { course } = await courseWithLesson(page, 'Uden billeder', 'Første lektion');
    await openContentStep(page, /^Indhold$/);
    const media = page.getByTestId('step-media');
    await media.getByLabel('Kursus', { exact: true }).selectOption(course.id);
    await expect(media.getByTestId('no-image-model')).toContainText(
      'Der er ingen billedmodel sat op, så Media Creator kan ikke tegne billeder.',
    );
    await expect(media.getByTestId('no-image-model')).toContainText('Sæt AI_IMAGE_MODEL');
    await expect(media.getByRole('button', { name: 'Tegn et kursusbillede' })).toHaveCount(0);

    await page.goto('/dashboard/assistants');
    await expect(page.getByTestId('helper-media-creator')).toContainText('Ingen billedmodel');
    await expect(page.getByTestId('helper-content-architect')).toContainText('Klar');
  });
});
