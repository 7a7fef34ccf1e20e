import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { useSecondServer } from './second-server.ts';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// With no AI provider the builder's AI actions say 'Setup Required' with the server's
// message (to an admin: what to configure). A second server from the same build, without any AI
// env, next to the e2e server (whose port + 1 Chromium is allowed to use, see playwright.config.ts).

useSecondServer('noai');

async function courseWithLesson(page: Page, title: string): Promise<{ course: TCourse; lessonId: string }> {
  let response = await page.request.post('/api/courses', { data: { title } });
  expect(response.status(), await response.text()).toBe(201);
  const course = (await response.json()) as TCourse;
  response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: 'Grundlag', version: course.version } });
  const withModule = (await response.json()) as TCourse;
  response = await page.request.post(`/api/modules/${withModule.modules[0]!.id}/lessons`, {
    data: { title: 'Første lektion', kind: 'text', version: withModule.version },
  });
  const withLesson = (await response.json()) as TCourse;
  return { course: withLesson, lessonId: withLesson.modules[0]!.lessons[0]!.id };
}

test('Generate with AI says Setup Required with what an admin configures (da, dark), and passes axe', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await logIn(page);
  const { course } = await courseWithLesson(page, 'Uden udbyder');
  await page.goto(`/dashboard/courses/${course.id}`);
  await page.getByRole('button', { name: 'Generér med AI' }).click();
  const panel = page.getByTestId('ai-panel');
  await panel.getByRole('button', { name: 'Generér kursus med AI' }).click();
  const setup = panel.getByTestId('setup-required');
  await expect(setup).toContainText('Opsætning påkrævet');
  await expect(setup).toContainText('OPENAI_BASE_URL');
  await expect(page.getByTestId('ai-job')).toHaveCount(0);
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // A module regenerated from the outline says it in a toast.
  await panel.getByRole('button', { name: 'Luk AI-panelet' }).click();
  await page.getByRole('button', { name: 'Genskab Grundlag med AI' }).click();
  await expect(page.getByRole('region', { name: /Notifikationer/ }).getByText('Opsætning påkrævet', { exact: true })).toBeVisible();
});

test('Regenerate with AI on a lesson says Setup Required (en, light)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await logIn(page);
  const { course, lessonId } = await courseWithLesson(page, 'No provider');
  await page.goto(`/dashboard/courses/${course.id}?lesson=${lessonId}`);
  const pane = page.getByTestId('lesson-pane');
  await pane.getByRole('button', { name: 'Regenerate with AI' }).click();
  await pane.getByRole('button', { name: 'Regenerate', exact: true }).click();
  const setup = pane.getByTestId('setup-required');
  await expect(setup).toContainText('Setup Required');
  await expect(setup).toContainText('OPENAI_BASE_URL');
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

// The AI assistants page says so honestly too.
for (const language of ['da', 'en'] as const) {
  test(`the AI assistants page says Setup Required and offers the documentation (${language})`, async ({ page }) => {
    await usePreferences(page, { language, theme: language === 'da' ? 'dark' : 'light' });
    await logIn(page);
    await page.goto('/ai-assistant');
    const words =
      language === 'da'
        ? { badge: 'Opsætning påkrævet', test: 'Test forbindelse', chat: 'Start chat', docs: 'Se dokumentationen' }
        : { badge: 'Setup Required', test: 'Test Connection', chat: 'Start Chat', docs: 'View Documentation' };
    for (const slug of ['learning-coach', 'creative-designer', 'research-analyst']) {
      const card = page.getByTestId(`assistant-${slug}`);
      await expect(card.getByTestId('assistant-status')).toHaveText(words.badge);
      await expect(card.getByRole('button', { name: words.test })).toBeDisabled();
      await expect(card.getByRole('button', { name: words.chat })).toBeDisabled();
    }
    await expect(page.getByRole('link', { name: words.docs })).toHaveAttribute('href', '/ai-assistant/setup');
    const results = await (await settledAxe(page)).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
}

// The chat widget, on the same server without a provider, says so too.
test("the chat widget's picker says 'Setup Required' and the message box is off (en, dark)", async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await logIn(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open the AI chat' }).click();
  const chat = page.getByRole('dialog', { name: 'AI assistant' });
  for (const name of ['Learning Coach', 'Creative Designer', 'Research Analyst'])
    await expect(chat.getByRole('option', { name: `${name} – Setup Required` })).toBeDisabled();
  await expect(
    chat.getByText('The AI assistants are not set up on this installation yet. Contact whoever runs your Kursa installation.'),
  ).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();
  const results = await (await settledAxe(page)).include('[data-testid="chat-panel"]').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
