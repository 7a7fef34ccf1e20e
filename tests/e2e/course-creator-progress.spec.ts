import type { Page } from '@playwright/test';
import type { TCreatorDraft } from '../../src/shared/schemas/creator-drafts.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

// The whole-course progress in the creator wizard tells the truth: the translation the last step
// starts is its own job, and while it fails the step says so and the whole is not done or at 100 %.
// Every step has a name in the reader's language, a module's quiz and video script each their own.

const steps = (page: Page) => page.getByTestId('ai-steps').getByTestId('ai-step');
const RAW_PHASES = ['outline', 'lessons', 'quizzes', 'scripts', 'workbook', 'translation', 'course'];

test.beforeEach(async () => {
  await fakeAi.reset();
});

test('a failed translation shows as failed and the course short of 100 %; quiz and script steps are told apart; no raw keys (en)', async ({
  page,
}) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('creator-progress'), 'Sikkert-kodeord-1');
  const created = await page.request.post('/api/course-creator/drafts', {
    data: {
      language: 'en',
      mode: 'ai',
      step: 2,
      course_context: {
        industry: 'Warehouse safety',
        target_audience: 'New warehouse staff',
        title: 'Safe lifting',
        description: 'Lifting without injuries.',
      },
      features: ['module-quizzes', 'video-scripts', 'downloadable-workbook', 'second-language'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const draft = (await created.json()) as TCreatorDraft;
  await fakeAi.failingTranslator();

  await page.goto(`/dashboard/creator?draft=${draft.id}`);
  await expect(page.getByTestId('step-heading')).toHaveText('Course outline');
  const panel = page.getByTestId('generate-course');
  await panel.getByRole('button', { name: 'Generate the course' }).click();

  const translation = steps(page).filter({ hasText: /^Translation/ });
  await expect(translation).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(translation).toContainText('failed');
  await expect(page.getByTestId('ai-job-status')).toContainText('The course is written, but the translation failed.');
  await expect(page.getByTestId('ai-job-progress')).not.toHaveText('100 %');
  expect(Number((await page.getByTestId('ai-job-progress').textContent())?.replace(/\D/g, ''))).toBeLessThan(100);
  await expect(page.getByTestId('ai-job').getByRole('button', { name: 'Close' })).toBeVisible();

  // Each step is named: lessons by title, a module's quiz and video script as such, the workbook and translation in words.
  const labels = (await steps(page).locator('span.min-w-0').allTextContents()).map((text) => text.trim());
  for (const label of labels) {
    expect(RAW_PHASES, label).not.toContain(label);
    expect(label).not.toMatch(/^ai\.|\bai\.phase\./);
  }
  const quizzes = labels.filter((label) => label.startsWith('Quiz: '));
  const scripts = labels.filter((label) => label.startsWith('Video script: '));
  expect(quizzes.length).toBeGreaterThan(0);
  expect(scripts.map((label) => label.slice('Video script: '.length))).toEqual(quizzes.map((label) => label.slice('Quiz: '.length)));
  expect(labels).toContain('Workbook');

  // Trying it again with a translator that works finishes the translation, and only then the whole.
  await fakeAi.translator('DA:');
  await translation.getByRole('button', { name: 'Try again: Translation' }).click();
  await expect(translation).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('ai-job-progress')).toHaveText('100 %');
  await expect(page.getByTestId('ai-job-status')).toHaveText('Done. Everything is in the outline.');
});
