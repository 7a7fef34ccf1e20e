import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { answer } from '../helpers/fake-openai.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { expectToast, watchToasts } from './support.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// The course builder's AI actions against the e2e server's fake OpenAI-compatible
// provider: a whole course generated with each lesson's progress live (SSE), a failed lesson tried
// again, one lesson rewritten with its old text in the revisions, material uploaded and read into
// sections, and the course translated into a linked course.

async function axe(page: Page) {
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function createCourse(page: Page, title: string, language: 'da' | 'en' = 'da'): Promise<TCourse> {
  const response = await page.request.post('/api/courses', {
    data: { title, description: `Et kursus om ${title.toLowerCase()}.`, language },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TCourse;
}

async function addTextLesson(
  page: Page,
  course: TCourse,
  moduleTitle: string,
  lessonTitle: string,
): Promise<{ course: TCourse; lessonId: string }> {
  let response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: moduleTitle, version: course.version } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const withModule = (await response.json()) as TCourse;
  response = await page.request.post(`/api/modules/${withModule.modules.at(-1)!.id}/lessons`, {
    data: { title: lessonTitle, kind: 'text', version: withModule.version },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const withLesson = (await response.json()) as TCourse;
  return { course: withLesson, lessonId: withLesson.modules.at(-1)!.lessons.at(-1)!.id };
}

const outline = (module: string, lessons: string[]) =>
  answer.json({
    modules: [
      {
        title: module,
        description: `Hvad ${module.toLowerCase()} handler om.`,
        lessons: lessons.map((title) => ({ title, summary: `Hvad ${title.toLowerCase()} lærer deltageren.`, duration_minutes: 10 })),
      },
    ],
  });

/** "Generate with AI" is a panel the outline's button opens; a started job closes it. */
async function openAiPanel(page: Page, name: 'Generér med AI' | 'Generate with AI') {
  await page
    .getByRole('region', { name: /^(Indholdsoversigt|Outline)$/ })
    .getByRole('button', { name })
    .click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

const steps = (page: Page) => page.getByTestId('ai-steps').getByTestId('ai-step');
const saved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

test.beforeEach(async () => {
  await fakeAi.reset();
});

test('generate a whole course with each lesson live, then edit a generated lesson (da, dark), and it passes axe', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await logIn(page);
  const course = await createCourse(page, 'Sikkerhed på lageret');
  await page.goto(`/dashboard/courses/${course.id}`);
  const panel = await openAiPanel(page, 'Generér med AI');
  await expect(panel.getByRole('heading', { name: 'Generér med AI' })).toBeVisible();
  await axe(page);

  // The outline at once; each lesson takes a moment, so its progress can be seen — long enough for the
  // checks and the accessibility scan below to finish while it runs even on a busy machine, so the
  // toast at the end (shown for 5 s, TOAST_DURATION_MS) is looked for while it shows.
  await fakeAi.script(
    outline('Sikkert arbejde', ['Løft rigtigt', 'Truckens sikkerhed']),
    answer.fromSchema({ delayMs: 9000 }),
    answer.fromSchema({ delayMs: 9000 }),
  );
  await panel.getByLabel('Antal moduler').fill('1');
  await panel.getByLabel('Lektioner pr. modul').fill('2');
  await panel.getByRole('checkbox', { name: 'En quiz sidst i hvert modul' }).click();
  // The toast shows for 5 s when the job ends, maybe while an accessibility scan keeps the page busy
  // for longer than that: the page records it as it appears.
  const toasts = await watchToasts(page);
  await panel.getByRole('button', { name: 'Generér kursus med AI' }).click();

  await expect(steps(page).filter({ hasText: 'Løft rigtigt' })).toHaveAttribute('data-status', 'running');
  await expect(steps(page).filter({ hasText: 'Truckens sikkerhed' })).toContainText('skriver…');
  // The panel closed as the job started; the job shows beside the outline, and the panel starts no other.
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('ai-job').getByRole('button', { name: 'Annullér generering' })).toBeEnabled();
  await openAiPanel(page, 'Generér med AI');
  await expect(panel.getByTestId('ai-running-note')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Generér kursus med AI' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Luk AI-panelet' }).click();
  await expect(panel).toBeHidden();
  // The outline shows the new lessons while they are written.
  const outlineList = page.getByRole('list', { name: 'Lektioner i Sikkert arbejde' });
  await expect(outlineList.getByRole('listitem')).toHaveCount(2);
  await axe(page);

  await expect(steps(page).filter({ hasText: 'Løft rigtigt' })).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(steps(page).filter({ hasText: 'Truckens sikkerhed' })).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('ai-job-status')).toHaveText('Færdig. Alt står i indholdsoversigten.');
  await toasts.shown('AI-genereringen er færdig', { timeout: 60_000 });

  // A generated lesson says so, and it is edited like any other.
  await outlineList.getByRole('button', { name: 'Løft rigtigt (Tekst)' }).click();
  const pane = page.getByTestId('lesson-pane');
  await expect(pane.getByTestId('ai-written')).toHaveText('Skrevet med AI (e2e-model)');
  await pane.getByLabel('Lektionens titel').fill('Løft rigtigt hver dag');
  await saved(page);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Lektioner i Sikkert arbejde' })).toContainText('Løft rigtigt hver dag');
  // Nothing runs any more: the panel has no job after the reload.
  await expect(page.getByTestId('ai-job')).toHaveCount(0);
});

test('a lesson that failed is tried again, and a reload resumes the running job (en, light)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await logIn(page);
  const course = await createCourse(page, 'Forklift safety');
  await page.goto(`/dashboard/courses/${course.id}`);
  const panel = await openAiPanel(page, 'Generate with AI');
  // The provider refuses the lesson (a 400 is not retried), so the step fails.
  await fakeAi.script(outline('Driving', ['Before you start']), answer.status(400, { message: 'bad request', delayMs: 1500 }));
  await panel.getByRole('checkbox', { name: 'A quiz at the end of each module' }).click();
  await panel.getByRole('button', { name: 'Generate course with AI' }).click();
  await expect(steps(page).filter({ hasText: 'Before you start' })).toHaveAttribute('data-status', 'running');
  // A reload finds the running job and follows it again.
  await page.reload();
  await expect(page.getByTestId('ai-job')).toBeVisible();
  const failed = steps(page).filter({ hasText: 'Before you start' });
  await expect(failed).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(page.getByTestId('ai-job-status')).toContainText('Stopped: some parts failed.');
  // The browser asks for Danish (its locale), the page is in English: the reason is said in the page's
  // language from the event's message key, without reading the job again.
  await expect(failed).toContainText('The step failed:');
  await expect(failed).not.toContainText('Trinnet fejlede');
  await axe(page);

  await failed.getByRole('button', { name: 'Try again: Before you start' }).click();
  await expect(failed).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('ai-job-status')).toHaveText('Done. Everything is in the outline.');
});

test('one lesson rewritten with AI keeps its old text in the revisions (en, dark)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await logIn(page);
  const { course, lessonId } = await addTextLesson(
    page,
    await createCourse(page, 'Customer service', 'en'),
    'Conversations',
    'Listening first',
  );
  const lesson = await (await page.request.get(`/api/lessons/${lessonId}`)).json();
  const written = await page.request.patch(`/api/lessons/${lessonId}`, {
    data: {
      version: lesson.version,
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'My own first draft.' }] }] },
    },
  });
  expect(written.status(), await written.text()).toBe(200);
  await page.goto(`/dashboard/courses/${course.id}?lesson=${lessonId}`);
  const pane = page.getByTestId('lesson-pane');
  await expect(pane.getByText('My own first draft.')).toBeVisible();
  await pane.getByRole('button', { name: 'Regenerate with AI' }).click();
  await pane.getByLabel('Instructions for the new text (optional)').fill('Shorter, with an example from a shop.');
  await axe(page);
  const before = await fakeAi.requestCount();
  await pane.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expect(pane.getByTestId('regenerated')).toBeFocused();
  expect(await fakeAi.requestCount()).toBe(before + 1);
  await expect(pane.getByTestId('ai-written')).toHaveText('Written with AI (e2e-model)');
  await expect(pane.getByText('My own first draft.')).toHaveCount(0);

  await pane.getByRole('button', { name: 'Show revisions' }).click();
  await expect(pane.getByRole('heading', { name: 'Earlier versions' })).toBeFocused();
  await expect(pane.getByTestId('revisions').getByRole('listitem')).not.toHaveCount(0);
});

test("a lesson written again in another format: a presentation's slides, and a video lesson's script (da, light)", async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await logIn(page);
  const { course, lessonId } = await addTextLesson(page, await createCourse(page, 'Løft på lageret'), 'Løft', 'Sikre løft');
  await page.goto(`/dashboard/courses/${course.id}?lesson=${lessonId}`);
  const pane = page.getByTestId('lesson-pane');
  await pane.getByRole('button', { name: 'Genskab med AI' }).click();
  await expect(pane.getByLabel('Format på den nye tekst')).toHaveValue('lesson');
  await pane.getByLabel('Format på den nye tekst').selectOption('presentation');
  await fakeAi.script(
    answer.json({
      title: 'Sikre løft',
      slides: [
        { title: 'Planlæg løftet', bullets: ['Se på byrden'], speaker_notes: 'Spørg holdet.' },
        { title: 'Løft med benene', bullets: ['Bøj knæene'], speaker_notes: 'Vis det.' },
        { title: 'Bed om hjælp', bullets: ['To om tunge ting'], speaker_notes: 'Øv det.' },
      ],
    }),
  );
  await axe(page);
  await pane.getByRole('button', { name: 'Genskab', exact: true }).click();
  await expect(pane.getByTestId('regenerated')).toBeFocused();
  await expect(pane.getByText('Løft med benene')).toBeVisible();
  const written = (await (await page.request.get(`/api/lessons/${lessonId}`)).json()) as { format: string };
  expect(written.format).toBe('presentation');

  // A video lesson's notes are its script: written again, the video stays.
  const fresh = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  const added = await page.request.post(`/api/modules/${fresh.modules[0]!.id}/lessons`, {
    data: { title: 'Se hvordan', kind: 'video', version: fresh.version },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const videoId = ((await added.json()) as TCourse).modules[0]!.lessons.at(-1)!.id;
  await page.goto(`/dashboard/courses/${course.id}?lesson=${videoId}`);
  await pane.getByRole('button', { name: 'Skriv manuskriptet igen med AI' }).click();
  await expect(pane.getByLabel('Format på den nye tekst')).toHaveCount(0);
  await fakeAi.script(
    answer.json({
      title: 'Se hvordan',
      scenes: [
        {
          heading: 'Åbning',
          visuals: 'Et lager om morgenen',
          narration: 'Velkommen til lageret, hvor vi løfter sikkert.',
          duration_seconds: 30,
        },
        {
          heading: 'Løftet',
          visuals: 'En medarbejder bøjer knæene',
          narration: 'Se hvordan knæene bøjes, og ryggen holdes ret.',
          duration_seconds: 60,
        },
      ],
    }),
  );
  await pane.getByRole('button', { name: 'Genskab', exact: true }).click();
  await expect(pane.getByTestId('regenerated')).toBeFocused();
  await expect(pane.getByText('Velkommen til lageret, hvor vi løfter sikkert.')).toBeVisible();
});

test('material is read into its sections; a file of another kind is refused with the server message (da, light)', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await logIn(page);
  const course = await createCourse(page, 'Førstehjælp');
  await page.goto(`/dashboard/courses/${course.id}`);
  const panel = await openAiPanel(page, 'Generér med AI');
  const paragraph = 'Sådan gør du, trin for trin, når en kollega kommer til skade på arbejdspladsen. '.repeat(8);
  const markdown = `# Førstehjælp på jobbet\n\n## Skab sikkerhed\n\n${paragraph}\n\n## Tilkald hjælp\n\n${paragraph}\n\n## Giv førstehjælp\n\n${paragraph}\n`;
  await panel
    .getByLabel('Byg på mit materiale (valgfrit)')
    .setInputFiles({ name: 'foerstehjaelp.md', mimeType: 'text/markdown', buffer: Buffer.from(markdown) });
  const material = panel.getByTestId('ai-material');
  await expect(material).toContainText('foerstehjaelp');
  // Short pieces are joined to the next: three sections, each under its heading.
  await expect(material.getByRole('list', { name: 'Materialets afsnit' }).getByRole('listitem')).toHaveText([
    /Førstehjælp på jobbet/,
    /Tilkald hjælp/,
    /Giv førstehjælp/,
  ]);
  await expect(material).toContainText('foerstehjaelp.md · 3 afsnit');
  await axe(page);

  // A course generated from it: the request carries the material (the outline answered from its schema).
  await panel.getByRole('checkbox', { name: 'En quiz sidst i hvert modul' }).click();
  await panel.getByRole('button', { name: 'Generér kursus med AI' }).click();
  await expect(page.getByTestId('ai-job-status')).toHaveText('Færdig. Alt står i indholdsoversigten.', { timeout: 30_000 });
  const generated = (await (await page.request.get(`/api/course-generation/courses/${course.id}/jobs`)).json()) as {
    jobs: Array<{ status: string }>;
  };
  expect(generated.jobs.map((job) => job.status)).toEqual(['succeeded']);
  await page.getByTestId('ai-job').getByRole('button', { name: 'Luk' }).click();
  await expect(page.getByTestId('ai-job')).toHaveCount(0);

  // The panel keeps the material it read while it was closed.
  await openAiPanel(page, 'Generér med AI');
  await panel.getByRole('button', { name: 'Fjern foerstehjaelp' }).click();
  await expect(material).toHaveCount(0);
  await panel
    .getByLabel('Byg på mit materiale (valgfrit)')
    .setInputFiles({ name: 'billede.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') });
  await expect(panel.locator('#ai-material-error')).not.toBeEmpty();
  await expect(panel.getByLabel('Byg på mit materiale (valgfrit)')).toHaveAttribute('aria-invalid', 'true');
});

test('translate a course into English and open the translation (da, dark)', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await logIn(page);
  const { course } = await addTextLesson(page, await createCourse(page, 'Hygiejne i køkkenet'), 'Rene hænder', 'Vask hænder');
  await fakeAi.translator('EN:');
  await page.goto(`/dashboard/courses/${course.id}?tab=settings`);
  const section = page.getByRole('region', { name: 'Sprogversioner' });
  await expect(section).toBeVisible();
  await axe(page);
  await section.getByRole('button', { name: 'Oversæt til engelsk med AI' }).click();
  const item = section.getByRole('listitem').filter({ hasText: 'Oversættelse' });
  await expect(item).toContainText('oversat', { timeout: 30_000 });
  await expect(item).toContainText('EN:Hygiejne i køkkenet');
  await axe(page);
  await item.getByRole('link', { name: 'Åbn' }).click();
  await expect(page.getByTestId('builder-title')).toHaveText('EN:Hygiejne i køkkenet');
  await expect(page.getByRole('list', { name: 'Lektioner i EN:Rene hænder' })).toContainText('EN:Vask hænder');
  // The translation lists its original.
  await page.getByRole('tab', { name: 'Indstillinger' }).click();
  await expect(page.getByRole('region', { name: 'Sprogversioner' }).getByRole('listitem').filter({ hasText: 'Originalen' })).toContainText(
    'Hygiejne i køkkenet',
  );
});

test('all quizzes generated, then one question rewritten with AI in the quiz editor (en, light)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await logIn(page);
  const { course, lessonId } = await addTextLesson(page, await createCourse(page, 'Fire safety', 'en'), 'Alarms', 'When the alarm sounds');
  const lesson = await (await page.request.get(`/api/lessons/${lessonId}`)).json();
  await page.request.patch(`/api/lessons/${lessonId}`, {
    data: {
      version: lesson.version,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Leave by the nearest exit and meet at the gathering point.' }] }],
      },
    },
  });
  // All quizzes fills the quiz lessons a course has (here an empty one at the module's end).
  const added = await page.request.post(`/api/modules/${course.modules[0]!.id}/lessons`, {
    data: { title: 'Check yourself', kind: 'quiz', version: course.version },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  await page.goto(`/dashboard/courses/${course.id}`);
  const panel = await openAiPanel(page, 'Generate with AI');
  await panel.getByRole('button', { name: 'Generate all quizzes' }).click();
  await expect(page.getByTestId('ai-job')).toContainText('Writing all quizzes');
  await expect(page.getByTestId('ai-job-status')).toHaveText('Done. Everything is in the outline.', { timeout: 30_000 });
  const lessons = page.getByRole('list', { name: 'Lessons in Alarms' }).getByRole('listitem');
  await expect(lessons).toHaveCount(2);
  await lessons.nth(1).getByRole('button', { name: 'Check yourself (Quiz)' }).click();
  const pane = page.getByTestId('lesson-pane');
  await expect(pane.getByTestId('ai-written')).toHaveText('Written with AI (e2e-model)');
  await pane.getByRole('button', { name: 'Regenerate question 1 with AI' }).click();
  await expectToast(page, 'Question 1 was rewritten with AI. The previous quiz is in the revisions.');
  await axe(page);
});

test('a running generation is cancelled; what was written stays (en, dark)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await logIn(page);
  const course = await createCourse(page, 'Ladders', 'en');
  await page.goto(`/dashboard/courses/${course.id}`);
  const panel = await openAiPanel(page, 'Generate with AI');
  await fakeAi.script(outline('Climbing', ['Three points of contact']), answer.fromSchema({ delayMs: 8000 }));
  await panel.getByRole('checkbox', { name: 'A quiz at the end of each module' }).click();
  await panel.getByRole('button', { name: 'Generate course with AI' }).click();
  await expect(steps(page).filter({ hasText: 'Three points of contact' })).toHaveAttribute('data-status', 'running');
  await page.getByTestId('ai-job').getByRole('button', { name: 'Cancel generation' }).click();
  await expect(page.getByTestId('ai-job-status')).toHaveText('Cancelled. What was written stays.', { timeout: 20_000 });
  await expectToast(page, 'AI generation cancelled');
  // The outline the job wrote stays; the panel can start again.
  await expect(page.getByRole('list', { name: 'Lessons in Climbing' })).toContainText('Three points of contact');
  await page.getByTestId('ai-job').getByRole('button', { name: 'Close' }).click();
  await openAiPanel(page, 'Generate with AI');
  await expect(panel.getByRole('button', { name: 'Generate course with AI' })).toBeEnabled();
});
