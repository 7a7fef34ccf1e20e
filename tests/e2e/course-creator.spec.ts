import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import { danishConcepts, danishProfile } from '../helpers/ai.ts';
import { answer } from '../helpers/fake-openai.ts';
import { CREATOR_TIMINGS } from '../../src/shared/creator-timings.ts';
import { ANSWERS_DA } from './creator-answers.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './support.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// The AI course creator's wizard (a page of the workspace) against the e2e server's fake
// OpenAI-compatible provider (scripts/e2e-server.mjs): the questionnaire to the profile and the
// pre-filled concept step, the concepts, failures with their error toasts, the step navigation, and
// the public page's tools, call to action and demos.

async function axe(page: Page) {
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const wizard = (page: Page) => page.getByTestId('creator-wizard');

/** The creator's wizard, a page of the workspace. */
async function openCreator(page: Page) {
  await page.goto('/dashboard/creator');
  await expect(wizard(page)).toHaveAttribute('data-ready', 'true');
}

const demos = (page: Page) => page.getByTestId('ai-demo');

test.beforeEach(async () => {
  await fakeAi.reset();
});

test('the questionnaire leads to the teacher profile and a pre-filled concept step (da, dark), and passes axe', async ({ page }) => {
  await logIn(page);
  // The public page's figures name the model that answers here.
  await page.goto('/course-creator');
  await expect(page.getByTestId('creator-figures')).toContainText('e2e-model');
  await openCreator(page);
  await wizard(page).getByRole('button', { name: 'Start med AI' }).click();
  await expect(page.getByTestId('wizard-mode')).toHaveText('Med AI');

  const next = wizard(page).getByRole('button', { name: 'Næste', exact: true });
  const previous = wizard(page).getByRole('button', { name: 'Forrige', exact: true });
  await expect(previous).toBeDisabled();
  await expect(next).toBeDisabled();
  // Step 6 asks two questions (delivery and assessment): 9 answers over 8 steps.
  for (const [index, [label, text]] of ANSWERS_DA.entries()) {
    await page.getByLabel(label).fill(text);
    if (index === 5) continue;
    if (index < ANSWERS_DA.length - 1) {
      await expect(next).toBeEnabled();
      await next.click();
    }
  }
  await expect(page.getByTestId('questionnaire-progress')).toHaveText('Spørgsmål 8 af 8');
  await axe(page);

  const profile = danishProfile([{ key: 'module-quizzes', reason: 'Deltagerne skal vise, at de kan reglerne.' }]);
  await fakeAi.script(answer.json(profile));
  const before = await fakeAi.requestCount();
  await wizard(page).getByRole('button', { name: 'Analysér mine behov' }).click();
  await expect(page.getByTestId('analysing')).toBeVisible();
  // The analysis is sent 2 s after the last step; the spinner stays until it answers.
  expect(await fakeAi.requestCount()).toBe(before);
  await expectToast(page, 'Instruktørprofil analyseret');
  await expect(page.getByText('Fandt 1 funktioner at integrere', { exact: true })).toBeVisible();
  expect(await fakeAi.requestCount()).toBe(before + 1);

  const card = page.getByTestId('teacher-profile');
  await expect(card).toContainText(profile.experience);
  await expect(card).toContainText('Skrevet af AI: openai-compatible · e2e-model');
  await expect(page.getByTestId('missing-features')).toContainText('Quiz efter hvert modul');
  await axe(page);

  // Add integrates the feature (POST /api/integrations/add-feature, at least 3 s), then it leaves the list.
  await page.getByRole('button', { name: 'Tilføj: Quiz efter hvert modul' }).click();
  await expect(page.getByRole('button', { name: 'Tilføjer …: Quiz efter hvert modul' })).toBeDisabled();
  await expectToast(page, 'Funktion integreret!');
  await expect(page.getByTestId('missing-features')).toHaveCount(0);

  await card.getByRole('button', { name: 'Fortsæt' }).click();
  await expectToast(page, 'Perfekt! Jeg forstår din vision');
  const heading = page.getByTestId('step-heading');
  await expect(heading).toHaveText('Kursuskoncept');
  await expect(heading).toBeFocused();
  await expect(page.getByLabel('Branche / fagområde')).toHaveValue(profile.subject);
  await expect(page.getByLabel('Målgruppe')).toHaveValue(profile.audience);
  await expect(page.getByLabel('Arbejdstitel (valgfri)')).toHaveValue(`Kursus i ${profile.subject} for ${profile.audience}`);
  await expect(page.getByLabel('Beskrivelse (valgfri)')).toHaveValue(profile.preferences.transformation);
  await axe(page);
});

test('three concepts are generated and chosen, and the builder opens on the chosen one (en, light)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await logIn(page);
  await page.goto('/course-creator');
  // The public page's tool leads to its step of the wizard in the workspace.
  await page.getByTestId('ai-tools').getByRole('link', { name: 'Concept generator', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/creator');
  await expect(page.getByTestId('step-heading')).toBeFocused();
  await expect(page.getByTestId('step-heading')).toHaveText('Course concept');

  const generate = page.getByRole('button', { name: 'Generate Course Concepts with AI' });
  await expect(generate).toBeDisabled();
  await page.getByLabel('Industry / Subject Area').fill('Logistics');
  await page.getByLabel('Target Audience').fill('New warehouse staff');
  const concepts = danishConcepts();
  await fakeAi.script(answer.json(concepts, { delayMs: 600 }));
  await generate.click();
  await expect(page.getByText('Generating concepts …')).toBeVisible();
  await expectToast(page, 'Course Concept Generated!');
  await expect(page.getByTestId('concept-card')).toHaveCount(3);
  await axe(page);

  const chosen = concepts.concepts[1]!;
  await page.getByRole('button', { name: `Choose this concept: ${chosen.title}` }).click();
  await expect(page.getByTestId('concept-card').nth(1)).toContainText('Chosen');
  await page.getByTestId('open-builder').click();
  await expect(page).toHaveURL(/\/dashboard\/courses\/[\w-]+$/);
  await expect(page.getByTestId('builder-title')).toHaveText(chosen.title);
});

test('the concepts and the choice are kept with the draft: a reload shows them again without asking the model (en)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await logIn(page);
  await page.goto('/course-creator');
  await page.getByTestId('ai-tools').getByRole('link', { name: 'Concept generator', exact: true }).click();
  await page.getByLabel('Industry / Subject Area').fill('Logistics');
  await page.getByLabel('Target Audience').fill('New warehouse staff');
  const concepts = danishConcepts();
  await fakeAi.script(answer.json(concepts));
  await page.getByRole('button', { name: 'Generate Course Concepts with AI' }).click();
  await expect(page.getByTestId('concept-card')).toHaveCount(3);
  const chosen = concepts.concepts[2]!;
  await page.getByRole('button', { name: `Choose this concept: ${chosen.title}` }).click();
  await expect(page.getByTestId('draft-save-status')).toHaveText('Your progress is saved. You can come back to it at any time.');
  await expect(page).toHaveURL(/[?&]draft=/);
  const calls = await fakeAi.requestCount();

  await page.reload();
  await expect(page.getByTestId('step-heading')).toHaveText('Course concept');
  await expect(page.getByTestId('concept-card')).toHaveCount(3);
  for (const [index, concept] of concepts.concepts.entries())
    await expect(page.getByTestId('concept-card').nth(index)).toContainText(concept.title);
  await expect(page.getByTestId('concept-card').nth(2)).toContainText('Chosen');
  await expect(page.getByTestId('concept-next')).toBeVisible();
  // New concepts only when asked for.
  await expect(page.getByRole('button', { name: 'Generate new concepts' })).toBeEnabled();
  expect(await fakeAi.requestCount()).toBe(calls);
});

for (const language of ['en', 'da'] as const) {
  test(`a failing provider shows the destructive error toasts (${language})`, async ({ page }) => {
    await usePreferences(page, { language });
    await logIn(page);
    await page.goto('/course-creator');
    const en = language === 'en';
    await page
      .getByTestId('ai-tools')
      .getByRole('link', { name: en ? 'Concept generator' : 'Konceptgenerator', exact: true })
      .click();
    await page.getByLabel(en ? 'Industry / Subject Area' : 'Branche / fagområde').fill('Logistik');
    await page.getByLabel(en ? 'Target Audience' : 'Målgruppe').fill('Nye lagermedarbejdere');
    // Broken JSON, and again when re-asked: 502 AI_BAD_OUTPUT.
    await fakeAi.script(answer.text('{ not json'), answer.text('{ still not json'));
    await page.getByRole('button', { name: en ? 'Generate Course Concepts with AI' : 'Generér kursuskoncepter med AI' }).click();
    await expectToast(page, en ? 'Generation Failed' : 'Generering mislykkedes');
    await expect(
      page.getByText(en ? 'Could not generate course concept. Please try again.' : 'Kunne ikke generere kursuskoncept. Prøv igen.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasNotText: /^$/ }).first()).toBeVisible();
    await expect(page.getByTestId('concept-card')).toHaveCount(0);
  });
}

test('the analysis failing shows Analysis Failed, and the answers stay', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  await openCreator(page);
  await page.getByRole('button', { name: 'Start with AI' }).click();
  const next = wizard(page).getByRole('button', { name: 'Next', exact: true });
  for (let step = 0; step < 8; step++) {
    // The question on screen first (the questionnaire's code may still be arriving): all() does not wait.
    await expect(wizard(page).getByText(`Question ${step + 1} of 8`, { exact: true })).toBeVisible();
    for (const box of await wizard(page).getByRole('textbox').all()) await box.fill(`Answer ${step}`);
    if (step < 7) await next.click();
  }
  await fakeAi.script(answer.text('{ nope'), answer.text('{ nope again'));
  await wizard(page).getByRole('button', { name: 'Analyse my needs' }).click();
  await expectToast(page, 'Analysis Failed');
  await expect(page.getByText('Could not analyse your needs. Please try again.', { exact: true })).toBeVisible();
  await expect(wizard(page).getByRole('textbox').first()).toHaveValue('Answer 7');
});

test('Previous Step and Next Step are clamped; the demos run real calls; Watch Demo and Start Creating Now move focus', async ({
  page,
}) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  await openCreator(page);
  const previous = page.getByRole('button', { name: 'Previous Step' });
  const next = page.getByRole('button', { name: 'Next Step' });
  await expect(previous).toBeDisabled();
  for (const title of ['Course concept', 'Course outline', 'Content', 'Insights', 'Launch']) {
    await next.click();
    await expect(page.getByTestId('step-heading')).toHaveText(title);
    await expect(page.getByTestId('step-heading')).toBeFocused();
  }
  await expect(next).toBeDisabled();
  await expect(page.getByTestId('step-indicator').getByRole('button', { name: /Launch/ })).toHaveAttribute('aria-current', 'step');

  // The demos are the public page's.
  await page.goto('/course-creator');
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  await expect(page.getByRole('heading', { name: 'AI systems demo' })).toBeFocused();
  await expect(demos(page)).toHaveAttribute('data-ready', 'true');
  const before = await fakeAi.requestCount();
  await page.getByRole('button', { name: 'Run All Demos' }).click();
  await expect(page.getByTestId('demo-concept').getByTestId('demo-processing')).toBeVisible();
  await expect(page.getByTestId('demo-needs').getByTestId('demo-processing')).toBeVisible();
  await expect(page.getByTestId('demo-concept').getByTestId('demo-result')).toContainText('Concepts:');
  await expect(page.getByTestId('demo-needs').getByTestId('demo-result')).toContainText('features to integrate');
  expect(await fakeAi.requestCount()).toBe(before + 2);
  await axe(page);

  // Start Creating Now leads into the wizard in the workspace, at the AI start.
  await page.getByRole('link', { name: 'Start Creating Now' }).click();
  await expect(page).toHaveURL('/dashboard/creator');
  await expect(page.getByTestId('step-heading')).toHaveText('Start');
  await expect(page.getByTestId('step-heading')).toBeFocused();
  await expect(page.getByLabel('What is your experience with teaching and with the subject?')).toBeVisible();
});

test('a visitor sees the real figures and is asked to log in before any AI action', async ({ page }) => {
  await page.goto('/course-creator');
  await expect(page.getByTestId('creator-figures')).toContainText('e2e-model');
  await demos(page).hover();
  await expect(demos(page)).toHaveAttribute('data-ready', 'true');
  await expect(demos(page).getByText('Log ind som instruktør eller administrator for at bruge AI.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kør alle demoer' })).toHaveCount(0);
  // The wizard asks for the login before it opens.
  await page.getByRole('link', { name: 'Kom i gang nu' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fcreator/);
});

test("the public page has no wizard, and its demos' code loads on intent, not with the page", async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.goto('/course-creator', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('creator-figures')).toBeVisible();
  expect(loaded.filter((url) => /\/(creator-demos|workspace-creator)-/.test(url))).toEqual([]);
  await demos(page).hover();
  await expect(demos(page)).toHaveAttribute('data-ready', 'true');
  expect(loaded.filter((url) => url.includes('/creator-demos-'))).toHaveLength(1);
  // The wizard is the workspace's: none of its code comes to the public page.
  expect(loaded.filter((url) => url.includes('/workspace-creator-'))).toEqual([]);
  await expect(page.getByTestId('step-heading')).toHaveCount(0);
});

test('the template generator: six steps paced by the real answer, the template downloaded as JSON and made the outline (en)', async ({
  page,
}) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  await openCreator(page);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Industry / Subject Area').fill('Logistics');
  await page.getByLabel('Target Audience').fill('New warehouse staff');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByTestId('step-heading')).toHaveText('Course outline');

  // What the page shows, in order, recorded in the page as it changes: each step as it becomes the
  // current one, then the template. Asserted afterwards, so how soon the test looks does not matter.
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as { templateShown?: string[] }).templateShown = seen;
    new MutationObserver(() => {
      const current = document.querySelector('[data-testid="template-progress"] [aria-current="step"]')?.textContent?.trim();
      if (current && seen.at(-1) !== `step: ${current}`) seen.push(`step: ${current}`);
      if (document.querySelector('[data-testid="template"]') && !seen.includes('template')) seen.push('template');
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const before = await fakeAi.requestCount();
  await page.getByRole('button', { name: 'Generate a course template with AI' }).click();
  const progress = page.getByTestId('template-progress');
  await expect(progress.getByRole('listitem')).toHaveCount(6);
  // The request goes out at once and the answer comes back at once; the steps still advance one
  // per 1.5 s, and the template shows only after the sixth.
  await expect.poll(() => fakeAi.requestCount()).toBe(before + 1);
  // Six steps of 1.5 s on the page's own clock: the toast comes about 9 s after the click, and
  // later on a busy machine, past the usual 10 s wait.
  await expectToast(page, 'Template Generated!', { timeout: CREATOR_TIMINGS.templateStepMs * CREATOR_TIMINGS.templateSteps + 10_000 });
  expect(await page.evaluate(() => (globalThis as { templateShown?: string[] }).templateShown)).toEqual([
    'step: Analysing the course',
    'step: Structuring the modules',
    'step: Planning the lessons',
    'step: Designing the assessments',
    'step: Writing the marketing copy',
    'step: Finishing the template',
    'template',
  ]);
  const template = page.getByTestId('template');
  await expect(template).toContainText('Written by AI: openai-compatible · e2e-model');
  await axe(page);

  const download = page.waitForEvent('download');
  await template.getByRole('button', { name: 'Download JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.json$/);
  const saved = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as { modules: unknown[] };
  expect(saved.modules.length).toBeGreaterThanOrEqual(3);

  await template.getByRole('button', { name: 'Use as the course outline' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses\/[\w-]+$/);
});
