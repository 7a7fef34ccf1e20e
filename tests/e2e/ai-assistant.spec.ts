import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import { answer } from '../helpers/fake-openai.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './support.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// The AI assistants page on the real server with the fake provider: a status
// card per assistant, Test Connection and its result panel, Start Chat's openAIChat event, and the
// setup documentation. ('Setup Required' without a provider: tests/e2e/builder-ai-setup.spec.ts.)

test.afterEach(async () => {
  await fakeAi.reset();
});

const card = (page: Page, slug: string) => page.getByTestId(`assistant-${slug}`);

test('a visitor sees the three assistants and is asked to log in to use them', async ({ page }) => {
  await page.goto('/ai-assistant');
  await expect(page.getByRole('heading', { level: 1, name: 'Tre AI-assistenter til dit arbejde' })).toBeVisible();
  for (const [slug, name] of [
    ['learning-coach', 'Learning Coach'],
    ['creative-designer', 'Creative Designer'],
    ['research-analyst', 'Research Analyst'],
  ] as const) {
    const assistant = card(page, slug);
    await expect(assistant.getByRole('heading', { name })).toBeVisible();
    await expect(assistant.getByTestId('assistant-status')).toHaveText('Log ind for at bruge');
    await expect(assistant.getByRole('button', { name: 'Test forbindelse' })).toBeDisabled();
    await expect(assistant.getByRole('button', { name: 'Start chat' })).toBeDisabled();
  }
  await card(page, 'learning-coach').getByRole('link', { name: 'Log ind' }).click();
  await expect(page).toHaveURL('/login');
});

test('Test Connection sends the default message and shows the answer; a failure shows the error panel and toast', async ({ page }) => {
  await logIn(page);
  await page.goto('/ai-assistant');
  const coach = card(page, 'learning-coach');
  await expect(coach.getByTestId('assistant-status')).toHaveText('Klar');
  await expect(coach.getByText('Hjælper kursister med at forstå stoffet')).toBeVisible();

  await fakeAi.script(answer.text('Hej! Ja, jeg hjælper gerne med at lave kurser.'));
  const before = await fakeAi.requestCount();
  await coach.getByRole('button', { name: 'Test forbindelse' }).click();
  const result = page.getByTestId('connection-result');
  await expect(result.getByText('Forbindelsen virker!')).toBeVisible();
  await expect(result).toContainText('Tjeneste: Learning Coach');
  await expect(result).toContainText('Hej! Ja, jeg hjælper gerne med at lave kurser.');
  expect(await fakeAi.requestCount()).toBe(before + 1);

  // A test message of one's own, to another assistant; the provider refuses it.
  await page.getByLabel('Testbesked (valgfri)').fill('Hvilke farver passer til et kursus om sikkerhed?');
  await fakeAi.script(answer.status(400, { message: 'model not found' }));
  await card(page, 'creative-designer').getByRole('button', { name: 'Test forbindelse' }).click();
  await expect(result.getByText('Forbindelsen fejlede', { exact: true })).toBeVisible();
  await expect(result).toContainText('Tjeneste: Creative Designer');
  await expect(result).toContainText('Forbindelsen fejlede – tjek jeres API-opsætning, eller kontakt support for at få hjælp.');
  await expectToast(page, 'Forbindelsestesten fejlede');
});

test('Start Chat raises openAIChat with the service key; View Documentation opens the setup page', async ({ page }) => {
  await logIn(page);
  await page.goto('/ai-assistant');
  await page.evaluate(() => {
    (window as unknown as { chatEvents: unknown[] }).chatEvents = [];
    window.addEventListener('openAIChat', (event) =>
      (window as unknown as { chatEvents: unknown[] }).chatEvents.push((event as CustomEvent).detail),
    );
  });
  await card(page, 'research-analyst').getByRole('button', { name: 'Start chat' }).click();
  expect(await page.evaluate(() => (window as unknown as { chatEvents: unknown[] }).chatEvents)).toEqual([{ service: 'research-analyst' }]);
  // The chat widget answers the event with its panel, a modal dialog whose code loads on first use:
  // it is waited for and closed, so the next click never races the panel's arrival.
  const chat = page.getByRole('dialog', { name: 'AI-assistent' });
  await expect(chat).toBeVisible();
  await chat.getByRole('button', { name: 'Luk chatten' }).click();
  await expect(chat).toBeHidden();

  await page.getByRole('link', { name: 'Se dokumentationen' }).click();
  await expect(page).toHaveURL('/ai-assistant/setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Opsætning af AI-assistenterne' })).toBeVisible();
  await expect(page.getByRole('main').locator('code', { hasText: 'OPENAI_BASE_URL' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Tilbage til AI-assistenterne' }).click();
  await expect(page).toHaveURL('/ai-assistant');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the page and its documentation in English (${theme}) pass axe`, async ({ page }) => {
    await usePreferences(page, { language: 'en', theme });
    await logIn(page);
    await page.goto('/ai-assistant');
    await expect(page.getByRole('heading', { level: 1, name: 'Three AI assistants for your work' })).toBeVisible();
    await expect(card(page, 'learning-coach').getByTestId('assistant-status')).toHaveText('Ready');
    await expect(card(page, 'learning-coach').getByRole('button', { name: 'Test Connection' })).toBeEnabled();
    await expect(card(page, 'learning-coach').getByRole('button', { name: 'Start Chat' })).toBeEnabled();
    await fakeAi.script(answer.text('Connected.'));
    await card(page, 'learning-coach').getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByTestId('connection-result').getByText('Connection Successful!')).toBeVisible();
    expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);
    await page.goto('/ai-assistant/setup');
    await expect(page.getByRole('heading', { level: 1, name: 'Setting up the AI assistants' })).toBeVisible();
    expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);
  });
}
