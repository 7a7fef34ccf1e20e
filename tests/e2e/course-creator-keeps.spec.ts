import type { Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { danishProfile } from '../helpers/ai.ts';
import { answer } from '../helpers/fake-openai.ts';
import { ANSWERS_DA } from './creator-answers.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './support.ts';
import { logIn } from './ui-helpers.ts';

// The creator wizard keeps what the AI answered: the teacher profile with its source and the
// content generator's history in the draft, the insights step's analysis and suggestions with the
// course. A reload shows them all again, and the model is not asked a second time.

const wizard = (page: Page) => page.getByTestId('creator-wizard');
const SOURCE = 'Skrevet af AI: openai-compatible · e2e-model';

async function openCreator(page: Page) {
  await page.goto('/dashboard/creator');
  await expect(wizard(page)).toHaveAttribute('data-ready', 'true');
}

const toStep = (page: Page, name: RegExp) => page.getByTestId('step-indicator').getByRole('button', { name }).click();

async function courseWithLesson(page: Page, title: string): Promise<TCourse> {
  let response = await page.request.post('/api/courses', { data: { title, description: 'Et kort kursus til browsertestene.' } });
  expect(response.status(), await response.text()).toBe(201);
  const course = (await response.json()) as TCourse;
  response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: 'Modul 1', version: course.version } });
  const withModule = (await response.json()) as TCourse;
  response = await page.request.post(`/api/modules/${withModule.modules[0]!.id}/lessons`, {
    data: { title: 'Eneste lektion', kind: 'text', version: withModule.version },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return course;
}

test.beforeEach(async () => {
  await fakeAi.reset();
});

test('the profile with its AI source, the generated content and the insights are there again after a reload, without asking the model again (da)', async ({
  page,
}) => {
  test.slow();
  await logIn(page);
  const course = await courseWithLesson(page, `Gemte svar ${Date.now()}`);
  await openCreator(page);

  // The questionnaire to the profile: with nothing to integrate it is completed at once.
  await wizard(page).getByRole('button', { name: 'Start med AI' }).click();
  const next = wizard(page).getByRole('button', { name: 'Næste', exact: true });
  for (const [index, [label, text]] of ANSWERS_DA.entries()) {
    await page.getByLabel(label).fill(text);
    if (index !== 5 && index < ANSWERS_DA.length - 1) await next.click();
  }
  await fakeAi.script(answer.json(danishProfile()));
  await wizard(page).getByRole('button', { name: 'Analysér mine behov' }).click();
  await expectToast(page, 'Perfekt! Jeg forstår din vision');
  await expect(page.getByTestId('step-heading')).toHaveText('Kursuskoncept');
  const profileDetails = page.locator('details').filter({ hasText: 'Din instruktørprofil' });
  await profileDetails.locator('summary').click();
  await expect(page.getByTestId('teacher-profile')).toContainText(SOURCE);

  // Two pieces of content, the newest on top.
  await toStep(page, /^Indhold$/);
  const content = page.getByTestId('step-content');
  await content.getByLabel('Lektionens titel').fill('Sikre løft');
  await content.getByRole('button', { name: 'Generér indhold' }).click();
  const items = content.getByTestId('generated-item');
  await expect(items).toHaveCount(1);
  await content.getByLabel('Indholdstype').selectOption('video-script');
  await content.getByRole('button', { name: 'Generér indhold' }).click();
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Videomanuskript');
  await expect(items.first()).toContainText(SOURCE);
  const generated = await items.getByTestId('generated-content').allTextContents();

  // The course's analysis and suggested changes.
  await toStep(page, /Indsigt/);
  const insights = page.getByTestId('step-insights');
  await insights.getByLabel('Kursus', { exact: true }).selectOption(course.id);
  await insights.getByRole('button', { name: 'Analysér', exact: true }).click();
  await expect(insights.getByTestId('insight').first()).toBeVisible({ timeout: 20_000 });
  await insights.getByRole('button', { name: 'AI-optimering' }).click();
  await expect(insights.getByTestId('optimization').first()).toBeVisible({ timeout: 20_000 });
  await insights.getByTestId('optimization').first().getByRole('button', { name: 'Afvis' }).click();
  await expect(insights.getByTestId('optimization').first()).toHaveAttribute('data-status', 'dismissed');
  const cards = await insights.getByTestId('insight').allTextContents();
  const suggestions = await insights.getByTestId('optimization').allTextContents();
  const analysedAt = await insights.getByTestId('analysis-time').innerText();
  await expect(page.getByTestId('draft-save-status')).toHaveText('Dit arbejde er gemt. Du kan vende tilbage til det når som helst.');
  await expect(page).toHaveURL(/[?&]draft=/);
  const calls = await fakeAi.requestCount();

  await page.reload();
  await expect(page.getByTestId('step-heading')).toHaveText('Indsigt');
  await insights.getByLabel('Kursus', { exact: true }).selectOption(course.id);
  await expect(insights.getByTestId('insight')).toHaveText(cards);
  await expect(insights.getByRole('region', { name: 'Indsigter' })).toContainText(SOURCE);
  await expect(insights.getByTestId('analysis-time')).toHaveText(analysedAt);
  await expect(insights.getByTestId('optimization')).toHaveText(suggestions);
  await expect(insights.getByTestId('optimization').first()).toHaveAttribute('data-status', 'dismissed');
  await expect(insights.getByRole('region', { name: 'Foreslåede ændringer' })).toContainText(SOURCE);

  await toStep(page, /^Indhold$/);
  await expect(items).toHaveCount(2);
  await expect(items.getByTestId('generated-content')).toHaveText(generated);
  await expect(items.first()).toContainText('Videomanuskript');
  await expect(items.nth(1)).toContainText('Lektion');
  for (const index of [0, 1]) await expect(items.nth(index)).toContainText(SOURCE);

  await toStep(page, /Kursuskoncept/);
  await profileDetails.locator('summary').click();
  await expect(page.getByTestId('teacher-profile')).toContainText(SOURCE);
  expect(await fakeAi.requestCount()).toBe(calls);
});
