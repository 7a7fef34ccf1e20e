import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import type { TCreatorDraft } from '../../src/shared/schemas/creator-drafts.ts';
import { danishConcepts, danishProfile } from '../helpers/ai.ts';
import { answer } from '../helpers/fake-openai.ts';
import { ANSWERS_DA as ANSWERS } from './creator-answers.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { expectToast, uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

// The whole creator journey: a newcomer goes from the teacher questionnaire to a published, complete
// course with quizzes and marketing copy on the company's subdomain, in the wizard alone, against
// the e2e server's fake OpenAI-compatible provider. The wizard's state is saved as a creator draft:
// a reload (or coming back later) resumes it, also while the course is being generated.

const port = Number(process.env.E2E_PORT ?? 5055);

async function axe(page: Page) {
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const wizard = (page: Page) => page.getByTestId('creator-wizard');
const heading = (page: Page) => page.getByTestId('step-heading');
const steps = (page: Page) => page.getByTestId('ai-steps').getByTestId('ai-step');
const saved = (page: Page) =>
  expect(page.getByTestId('draft-save-status')).toHaveText('Dit arbejde er gemt. Du kan vende tilbage til det når som helst.');

const outline = answer.json({
  modules: [
    {
      title: 'Sikkert arbejde',
      description: 'De regler og vaner, der holder lageret sikkert.',
      lessons: [
        { title: 'Løft rigtigt', summary: 'Hvordan man løfter uden skader.', duration_minutes: 10 },
        { title: 'Truckens sikkerhed', summary: 'Regler for kørsel med truck.', duration_minutes: 12 },
      ],
    },
  ],
});

test.beforeEach(async () => {
  await fakeAi.reset();
});

test('a newcomer goes from the questionnaire to a published course with quizzes and marketing on the company subdomain, resuming after reloads (da, dark)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('creator-journey'), 'Sikkert-kodeord-1');
  await page.goto('/dashboard/creator');
  await expect(wizard(page)).toHaveAttribute('data-ready', 'true');
  await wizard(page).getByRole('button', { name: 'Start med AI' }).click();

  // The questionnaire, then the profile with a missing feature that is added for real.
  const next = wizard(page).getByRole('button', { name: 'Næste', exact: true });
  for (const [label, text] of ANSWERS.slice(0, 3)) {
    await page.getByLabel(label).fill(text);
    await next.click();
  }
  // The answers are saved as they are given: a reload continues at the first open question.
  await saved(page);
  await expect(page).toHaveURL(/[?&]draft=/);
  await page.reload();
  await expect(page.getByTestId('questionnaire-progress')).toHaveText('Spørgsmål 4 af 8');
  await wizard(page).getByRole('button', { name: 'Forrige', exact: true }).click();
  await expect(page.getByLabel(ANSWERS[2][0])).toHaveValue(ANSWERS[2][1]);
  await next.click();
  for (const [index, [label, text]] of ANSWERS.entries()) {
    if (index < 3) continue;
    await page.getByLabel(label).fill(text);
    if (index !== 5 && index < ANSWERS.length - 1) await next.click();
  }
  await fakeAi.script(answer.json(danishProfile([{ key: 'module-quizzes', reason: 'Deltagerne skal vise, at de kan reglerne.' }])));
  await wizard(page).getByRole('button', { name: 'Analysér mine behov' }).click();
  await expectToast(page, 'Instruktørprofil analyseret');
  await page.getByRole('button', { name: 'Tilføj: Quiz efter hvert modul' }).click();
  await expectToast(page, 'Funktion integreret!');
  await saved(page);
  await page.getByTestId('teacher-profile').getByRole('button', { name: 'Fortsæt' }).click();
  await expectToast(page, 'Perfekt! Jeg forstår din vision');
  await expect(heading(page)).toHaveText('Kursuskoncept');
  await expect(page.getByLabel('Branche / fagområde')).toHaveValue('Arbejdsmiljø på lageret');

  // Three concepts; the first is chosen and taken on to the course plan.
  await fakeAi.script(answer.json(danishConcepts()));
  await wizard(page).getByRole('button', { name: 'Generér kursuskoncepter med AI' }).click();
  await expectToast(page, 'Kursuskoncept genereret!');
  await page.getByRole('button', { name: 'Vælg dette koncept: Sikkerhed på lageret' }).click();
  await page.getByRole('button', { name: 'Gå videre med dette koncept' }).click();
  await expect(heading(page)).toHaveText('Indholdsoversigt');
  await expect(heading(page)).toBeFocused();
  await saved(page);

  // A reload comes back to the same step with the chosen concept and the added feature.
  await page.reload();
  await expect(heading(page)).toHaveText('Indholdsoversigt');
  const panel = page.getByTestId('generate-course');
  await expect(panel.getByTestId('generate-course-title')).toHaveText('Sikkerhed på lageret');
  await expect(panel.getByRole('checkbox', { name: 'Quiz efter hvert modul' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Videomanuskripter' })).not.toBeChecked();
  await axe(page);

  // The whole course: the outline at once, each lesson taking a moment, then the module's quiz.
  await fakeAi.script(outline, answer.fromSchema({ delayMs: 4000 }), answer.fromSchema({ delayMs: 4000 }));
  await panel.getByRole('button', { name: 'Generér kurset' }).click();
  await expect(steps(page).filter({ hasText: 'Løft rigtigt' })).toHaveAttribute('data-status', 'running');
  await expect(page).toHaveURL(/[?&]draft=/);
  // A reload while it runs finds the job again and goes on showing it live.
  await page.reload();
  await expect(heading(page)).toHaveText('Indholdsoversigt');
  await expect(steps(page).filter({ hasText: 'Truckens sikkerhed' })).toBeVisible();
  await expect(steps(page).filter({ hasText: 'Løft rigtigt' })).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(steps(page).filter({ hasText: 'Truckens sikkerhed' })).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('ai-job-status')).toHaveText('Færdig. Alt står i indholdsoversigten.', { timeout: 30_000 });
  await axe(page);
  // Away to another step and back: the job is found again.
  await page
    .getByTestId('step-indicator')
    .getByRole('button', { name: /^Indhold$/ })
    .click();
  await page
    .getByTestId('step-indicator')
    .getByRole('button', { name: /Indholdsoversigt/ })
    .click();
  await expect(page.getByTestId('ai-job-status')).toHaveText('Færdig. Alt står i indholdsoversigten.');

  // The course as stored: the concept's title, two written lessons and a quiz with questions.
  const draftId = new URL(page.url()).searchParams.get('draft')!;
  const draft = (await (await page.request.get(`/api/course-creator/drafts/${draftId}`)).json()) as TCreatorDraft;
  expect(draft.step).toBe(2);
  expect(draft.course_id).not.toBeNull();
  const course = (await (await page.request.get(`/api/courses/${draft.course_id}`)).json()) as TCourse;
  expect(course.title).toBe('Sikkerhed på lageret');
  const lessons = course.modules.flatMap((m) => m.lessons);
  expect(lessons.filter((l) => l.kind === 'text').map((l) => l.title)).toEqual(['Løft rigtigt', 'Truckens sikkerhed']);
  expect(lessons.filter((l) => l.kind === 'quiz')).toHaveLength(1);

  // Launch (step 6): marketing copy, then publishing on the company's subdomain.
  await page
    .getByTestId('step-indicator')
    .getByRole('button', { name: /Lancering/ })
    .click();
  const launch = page.getByTestId('step-launch');
  await expect(launch.getByLabel('Kursus', { exact: true })).toHaveValue(course.id);
  await launch.getByRole('button', { name: 'Generér markedsføringstekster' }).click();
  await expectToast(page, 'Markedsføringstekster genereret!');
  const copy = launch.getByTestId('marketing-copy');
  await expect(copy).toBeVisible();
  await expect(copy.getByTestId('marketing-emails')).toContainText('5 e-mails');
  const subdomain = `journey-${Date.now().toString(36)}`;
  const publishPanel = launch.getByTestId('publish-panel');
  await publishPanel.getByLabel('Subdomæne').fill(subdomain);
  await publishPanel.getByRole('button', { name: 'Udgiv kursus' }).click();
  await expectToast(page, 'Kurset er udgivet!');
  await expect(launch.getByTestId('course-url')).toContainText(subdomain);

  // The company's own site lists the course and shows its AI-written landing copy.
  const published = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse & {
    marketing?: { landingHeadline: string } | null;
  };
  expect(published.status).toBe('published');
  await page.goto(`http://${subdomain}.localhost:${port}/`);
  const link = page.getByRole('link', { name: 'Sikkerhed på lageret' }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sikkerhed på lageret');
  await expect(page.locator('[data-ai-generated="true"]')).toBeVisible();
});

test('coming back to the creator offers to continue a saved draft where it was left (en, light)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('creator-resume'), 'Sikkert-kodeord-1');
  const response = await page.request.post('/api/course-creator/drafts', {
    data: {
      language: 'en',
      mode: 'ai',
      step: 1,
      course_context: { industry: 'Warehouse safety', target_audience: 'New warehouse staff', title: 'Safe from day one' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.goto('/dashboard/creator');
  await expect(wizard(page)).toHaveAttribute('data-ready', 'true');
  const resume = page.getByTestId('resume-drafts');
  await expect(resume.getByRole('heading', { name: 'Continue where you left off' })).toBeVisible();
  await expect(resume).toContainText('Safe from day one');
  await axe(page);
  await resume.getByRole('button', { name: 'Continue: Safe from day one' }).click();
  await expect(heading(page)).toHaveText('Course concept');
  await expect(heading(page)).toBeFocused();
  await expect(page.getByLabel('Industry / Subject Area')).toHaveValue('Warehouse safety');
  await expect(page).toHaveURL(/[?&]draft=/);

  // An edit is saved (one PATCH after typing stops) and is there after a reload.
  await page.getByLabel('Target Audience').fill('New and returning warehouse staff');
  await expect(page.getByTestId('draft-save-status')).toHaveText('Your progress is saved. You can come back to it at any time.');
  await page.reload();
  await expect(page.getByLabel('Target Audience')).toHaveValue('New and returning warehouse staff');

  // A draft that is not there (deleted, or another company's) says so and starts afresh.
  await page.goto('/dashboard/creator?draft=no-such-draft');
  await expect(wizard(page)).toHaveAttribute('data-ready', 'true');
  await expect(page.getByText('That draft could not be found (it may have been deleted). You are starting afresh.')).toBeVisible();
  await expect(heading(page)).toHaveText('Start');
  expect(new URL(page.url()).searchParams.get('draft')).toBeNull();
});
