import { readFile } from 'node:fs/promises';
import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import type { TCourse, TLesson } from '../../src/shared/schemas/courses.ts';
import { answer } from '../helpers/fake-openai.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { courseWithLesson, expectToast } from './support.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// The creator wizard's content (step 3) against the e2e server's fake
// OpenAI-compatible provider: generate, copy, download, insert into a lesson; the success and error toasts.

async function axe(page: Page) {
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const wizard = (page: Page) => page.getByTestId('creator-wizard');

async function openStep(page: Page, name: RegExp) {
  await page.goto('/dashboard/creator');
  await expect(wizard(page)).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('step-indicator').getByRole('button', { name }).click();
}

test.beforeEach(async () => {
  await fakeAi.reset();
});

for (const [language, theme] of [
  ['en', 'light'],
  ['da', 'dark'],
] as const) {
  const en = language === 'en';
  test(`content is generated, copied, downloaded and inserted into a lesson (${language}, ${theme}), and passes axe`, async ({
    page,
    context,
  }) => {
    await usePreferences(page, { language, theme });
    await logIn(page);
    const courseTitle = `${en ? 'Safety' : 'Sikkerhed'} ${Date.now()}`;
    const { course, lessonId } = await courseWithLesson(page, courseTitle, en ? 'Lifting safely' : 'Sikre løft');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openStep(page, en ? /Content/ : /^Indhold$/);

    const step = page.getByTestId('step-content');
    const generate = step.getByRole('button', { name: en ? 'Generate content' : 'Generér indhold' });
    await expect(generate).toBeDisabled();
    await expect(step.getByLabel(en ? 'Duration (minutes)' : 'Varighed (minutter)')).toHaveValue('30');
    await expect(step.getByLabel(en ? 'Difficulty' : 'Sværhedsgrad')).toHaveValue('intermediate');
    await step.getByLabel(en ? 'Module title' : 'Modulets titel').fill(en ? 'Warehouse basics' : 'Lagerets grundlag');
    await step.getByLabel(en ? 'Lesson title' : 'Lektionens titel').fill(en ? 'Lifting safely' : 'Sikre løft');
    await step.getByLabel(en ? 'Content type' : 'Indholdstype').selectOption('video-script');
    await expect(generate).toBeEnabled();
    const before = await fakeAi.requestCount();
    await generate.click();
    await expectToast(page, en ? 'Content Generated!' : 'Indhold genereret!');
    expect(await fakeAi.requestCount()).toBe(before + 1);
    const item = step.getByTestId('generated-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(en ? 'Video script' : 'Videomanuskript');
    const content = (await item.getByTestId('generated-content').innerText()).trim();
    expect(content.length).toBeGreaterThan(0);

    // A second result goes to the top of the list.
    await step.getByLabel(en ? 'Content type' : 'Indholdstype').selectOption('lesson');
    await generate.click();
    await expect(item).toHaveCount(2);
    await expect(item.first()).toContainText(en ? 'Lesson' : 'Lektion');
    await expect(item.nth(1)).toContainText(en ? 'Video script' : 'Videomanuskript');

    const first = item.first();
    await first.getByRole('button', { name: en ? 'Show all' : 'Vis alt' }).click();
    await expect(first.getByRole('button', { name: en ? 'Show less' : 'Vis mindre' })).toHaveAttribute('aria-expanded', 'true');
    await first.getByRole('button', { name: en ? 'Copy' : 'Kopiér' }).click();
    await expectToast(page, en ? 'Copied!' : 'Kopieret!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBeGreaterThan(0);

    const downloading = page.waitForEvent('download');
    await first.getByRole('button', { name: 'Download .txt' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.txt$/);
    expect(await readFile((await download.path())!, 'utf8')).toBe(copied);

    await first.getByRole('button', { name: en ? 'Insert into a lesson' : 'Indsæt i en lektion' }).click();
    const panel = first.getByTestId('insert-into-lesson');
    await panel.getByLabel(en ? 'Course' : 'Kursus', { exact: true }).selectOption(course.id);
    await expect(panel.getByLabel(en ? 'Lesson' : 'Lektion', { exact: true })).toHaveValue(lessonId);
    await axe(page);
    await panel.getByRole('button', { name: en ? 'Insert' : 'Indsæt', exact: true }).click();
    await expect(panel.getByRole('status')).toContainText(en ? 'Inserted into' : 'Indsat i');

    const lesson = (await (await page.request.get(`/api/lessons/${lessonId}`)).json()) as TLesson;
    expect(lesson.source.kind).toBe('ai');
    expect(lesson.format).toBe('lesson');
    // The fake provider answers with the schema's paths: the lesson's introduction is one of the copied lines.
    const intro =
      copied
        .split('\n')
        .find((line) => line.includes('introduction'))
        ?.trim() ?? '';
    expect(intro).not.toBe('');
    expect(JSON.stringify(lesson.content)).toContain(intro);

    // The lesson in the builder shows the inserted text.
    await panel.getByRole('button', { name: en ? 'Open in the course builder' : 'Åbn i kursusbyggeren' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/courses/${course.id}`));
    await page
      .getByTestId('outline-lesson')
      .filter({ hasText: en ? 'Lifting safely' : 'Sikre løft' })
      .click();
    await expect(page.getByTestId('lesson-pane')).toContainText(intro);
  });
}

test('generated content can be read while the AI writes it, then joins the history (en)', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  await openStep(page, /Content/);
  const step = page.getByTestId('step-content');
  const lesson = {
    title: 'Lifting safely',
    introduction: 'Most back injuries in a warehouse come from lifting the wrong way.',
    sections: [
      {
        heading: 'Plan the lift',
        paragraphs: ['Look at the load and the route before you lift anything heavy.'],
        bullets: ['Clear the route', 'Test the weight'],
      },
      { heading: 'Lift with your legs', paragraphs: ['Bend your knees, keep your back straight and hold the load close.'], bullets: [] },
    ],
    key_points: ['Plan every lift', 'Bend your knees', 'Ask for help with heavy loads'],
    summary: 'Safe lifting is a habit: plan, bend, hold close.',
  };
  // The model writes slowly: a piece of about 40 characters every 250 ms.
  await fakeAi.script(answer.json(lesson, { chunkDelayMs: 250 }));
  await step.getByLabel('Lesson title').fill('Lifting safely');
  await step.getByRole('button', { name: 'Generate content' }).click();
  const preview = step.getByTestId('content-preview');
  await expect(preview).toContainText('The AI is writing – you can read along:');
  await expect(preview).toContainText('Most back injuries in a warehouse');
  await expect(preview).not.toContainText('Safe lifting is a habit');
  await expectToast(page, 'Content Generated!');
  await expect(preview).toHaveCount(0);
  await expect(step.getByTestId('generated-item').getByTestId('generated-content')).toContainText('Safe lifting is a habit');
});

test('a failed generation shows the error toast and keeps the parameters', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  await openStep(page, /Content/);
  const step = page.getByTestId('step-content');
  await step.getByLabel('Lesson title').fill('Lifting safely');
  await fakeAi.script(answer.text('{ nope'), answer.text('{ nope again'), answer.text('{ and again'));
  await step.getByRole('button', { name: 'Generate content' }).click();
  await expectToast(page, 'Generation Failed');
  await expect(page.getByText('Could not generate content. Please try again.', { exact: true })).toBeVisible();
  await expect(step.getByLabel('Lesson title')).toHaveValue('Lifting safely');
  await expect(step.getByTestId('generated-item')).toHaveCount(0);
});

for (const [language, theme] of [
  ['en', 'dark'],
  ['da', 'light'],
] as const) {
  const en = language === 'en';
  test(`launch: the real checklist, marketing copy generated, published on a subdomain and the URL copied (${language}, ${theme}), and passes axe`, async ({
    page,
    context,
  }) => {
    test.slow();
    await usePreferences(page, { language, theme });
    await logIn(page);
    const { course } = await courseWithLesson(page, `${en ? 'Launch' : 'Lancering'} ${Date.now()}`, en ? 'First lesson' : 'Første lektion');
    const site = (await (await page.request.get('/api/organisation/site')).json()) as { subdomain: string | null };
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openStep(page, en ? /Launch/ : /Lancering/);
    const step = page.getByTestId('step-launch');
    await step.getByLabel(en ? 'Course' : 'Kursus', { exact: true }).selectOption(course.id);
    // The heading names what the checklist lacks; it is ready only when nothing is missing.
    const heading = step.getByTestId('launch-heading');
    await expect(heading).toHaveText(
      en
        ? 'Still missing before launch: content in every lesson, a video, an assessment, and marketing'
        : 'Før lanceringen mangler: indhold i alle lektioner, en video, en prøve og markedsføring',
    );

    const checklist = step.getByTestId('launch-checklist');
    await expect(checklist.getByRole('listitem')).toHaveCount(5);
    await expect(checklist.getByTestId('checklist-marketing-planned')).toHaveAttribute('data-done', 'false');
    await expect(step.getByTestId('launch-stats')).toContainText(en ? 'Email sequence0' : 'E-mailserie0');

    await step.getByRole('button', { name: en ? 'Generate marketing copy' : 'Generér markedsføringstekster' }).click();
    const copy = step.getByTestId('marketing-copy');
    await expect(copy).toBeVisible({ timeout: 20_000 });
    await expect(copy.getByTestId('marketing-emails')).toContainText(en ? '5 emails' : '5 e-mails');
    await expect(copy.getByTestId('marketing-social')).toContainText(en ? '20 social media posts' : '20 opslag på sociale medier');
    await expect(copy.getByTestId('marketing-ads')).toContainText(en ? '10 ad variations' : '10 annoncevarianter');
    await expect(checklist.getByTestId('checklist-marketing-planned')).toHaveAttribute('data-done', 'true');
    await expect(step.getByTestId('launch-stats')).toContainText(en ? 'Email sequence5' : 'E-mailserie5');
    await expect(heading).toHaveText(
      en
        ? 'Still missing before launch: content in every lesson, a video, and an assessment'
        : 'Før lanceringen mangler: indhold i alle lektioner, en video og en prøve',
    );
    await expect(step.getByRole('heading', { name: en ? 'Ready for Launch!' : 'Klar til lancering!' })).toHaveCount(0);

    const panel = step.getByTestId('publish-panel');
    await expect(panel.getByLabel(en ? 'Visibility' : 'Synlighed')).toHaveValue('public');
    const subdomain = panel.getByLabel(en ? 'Subdomain' : 'Subdomæne');
    const publish = panel.getByRole('button', { name: en ? 'Publish course' : 'Udgiv kursus' });
    await subdomain.fill('ab');
    await expect(
      panel.getByText(
        en
          ? 'Subdomain must be 3-63 characters, lowercase letters, numbers, and hyphens only'
          : 'Subdomænet skal være 3-63 tegn og må kun indeholde små bogstaver, tal og bindestreger',
      ),
    ).toBeVisible();
    await expect(publish).toBeDisabled();
    await subdomain.fill('My Academy!');
    await expect(subdomain).toHaveValue('myacademy');
    const chosen = site.subdomain ?? `e2e-${Date.now()}`;
    await subdomain.fill(chosen);
    await expect(publish).toBeEnabled();
    await panel.getByLabel(en ? 'Pricing' : 'Pris').selectOption('paid');
    await expect(panel.getByLabel(en ? 'Currency' : 'Valuta')).toHaveValue('DKK');
    await panel.getByLabel(en ? 'Price' : 'Beløb').fill('499');
    await axe(page);
    // The lesson is empty: publishing asks first, naming it; the focus starts on going back.
    await publish.click();
    const confirm = page.getByRole('alertdialog', { name: en ? 'Publish with 1 empty lesson?' : 'Udgiv med 1 tom lektion?' });
    await expect(confirm.getByRole('listitem')).toHaveText([
      en ? 'The text lesson "First lesson" has no text.' : 'Tekstlektionen "Første lektion" har ingen tekst.',
    ]);
    await expect(confirm.getByRole('button', { name: en ? 'Back to the course' : 'Tilbage til kurset' })).toBeFocused();
    await axe(page);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(publish).toBeFocused();
    expect(((await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse).status).toBe('draft');
    await publish.click();
    await confirm.getByRole('button', { name: en ? 'Publish anyway' : 'Udgiv alligevel' }).click();
    await expectToast(page, en ? 'Course Published Successfully!' : 'Kurset er udgivet!');
    const success = step.getByTestId('publish-success');
    const url = (await success.getByTestId('course-url').innerText()).trim();
    expect(url).toContain(chosen);
    await success.getByRole('button', { name: en ? 'Copy URL' : 'Kopiér URL' }).click();
    await expectToast(page, en ? 'URL Copied' : 'URL kopieret');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const published = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse & {
      status: string;
      price: number | null;
    };
    expect(published.status).toBe('published');
    await axe(page);
  });
}

test('a failed marketing generation says so in a toast and leaves the checklist as it was', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  const { course } = await courseWithLesson(page, `Marketing ${Date.now()}`, 'Only lesson');
  await openStep(page, /Launch/);
  const step = page.getByTestId('step-launch');
  await step.getByLabel('Course', { exact: true }).selectOption(course.id);
  // Broken JSON, and again when re-asked: 502 AI_BAD_OUTPUT.
  await fakeAi.script(answer.text('{ not json'), answer.text('{ still not json'));
  await step.getByRole('button', { name: 'Generate marketing copy' }).click();
  await expectToast(page, 'Generation Failed');
  await expect(page.getByText('Could not generate marketing copy. Please try again.', { exact: true })).toBeVisible();
  await expect(step.getByTestId('launch-marketing').getByRole('alert')).not.toBeEmpty();
  await expect(step.getByTestId('marketing-copy')).toHaveCount(0);
  await expect(step.getByTestId('launch-checklist').getByTestId('checklist-marketing-planned')).toHaveAttribute('data-done', 'false');
});

test('a failed publish shows the error toast and keeps the form', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  const { course } = await courseWithLesson(page, `Failing ${Date.now()}`, 'Only lesson');
  await openStep(page, /Launch/);
  const step = page.getByTestId('step-launch');
  await step.getByLabel('Course', { exact: true }).selectOption(course.id);
  await page.route('**/api/courses/publish', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message: 'Internal error' }) }),
  );
  const panel = step.getByTestId('publish-panel');
  await panel.getByLabel('Subdomain').fill('some-academy');
  await panel.getByRole('button', { name: 'Publish course' }).click();
  await expectToast(page, 'Publishing Failed');
  await expect(page.getByText('Could not publish your course. Please try again.', { exact: true })).toBeVisible();
  await expect(panel.getByLabel('Subdomain')).toHaveValue('some-academy');
});

for (const [language, theme] of [
  ['da', 'dark'],
  ['en', 'light'],
] as const) {
  const en = language === 'en';
  test(`insights: the real figures, insight cards, and one suggested change applied (${language}, ${theme}), and passes axe`, async ({
    page,
  }) => {
    await usePreferences(page, { language, theme });
    await logIn(page);
    const { course } = await courseWithLesson(page, `${en ? 'Insights' : 'Indsigt'} ${Date.now()}`, en ? 'Only lesson' : 'Eneste lektion');
    await openStep(page, en ? /Insights/ : /Indsigt/);
    const step = page.getByTestId('step-insights');
    await step.getByLabel(en ? 'Course' : 'Kursus', { exact: true }).selectOption(course.id);
    const metrics = step.getByTestId('course-metrics');
    await expect(metrics).toContainText(en ? 'Nobody is enrolled in this course yet' : 'Ingen er tilmeldt kurset endnu');
    await expect(metrics.getByTestId('metric-completion_rate')).toContainText(en ? 'No data' : 'Ingen data');
    await expect(metrics.getByTestId('metric-total_students')).toContainText('0');
    await expect(step.getByTestId('course-structure')).toContainText(en ? '1 modules, 1 lessons' : '1 moduler, 1 lektioner');

    await step.getByRole('button', { name: en ? 'Analyse' : 'Analysér', exact: true }).click();
    await expect(step.getByTestId('insight').first()).toBeVisible({ timeout: 20_000 });
    await step.getByRole('button', { name: en ? 'AI Optimise' : 'AI-optimering' }).click();
    const optimization = step.getByTestId('optimization').first();
    await expect(optimization).toBeVisible({ timeout: 20_000 });
    await axe(page);
    await optimization.getByRole('button', { name: en ? 'Apply' : 'Anvend' }).click();
    await expect(optimization).toHaveAttribute('data-status', 'applied');
    await expect(optimization.getByRole('status')).toHaveText(en ? 'Applied to the course.' : 'Anvendt på kurset.');
    const list = (await (await page.request.get(`/api/course-creator/courses/${course.id}/optimizations`)).json()) as {
      optimizations: { status: string }[];
    };
    expect(list.optimizations.filter((o) => o.status === 'applied')).toHaveLength(1);
  });
}

test('a suggestion made stale by an edit is not applied: the step says so and offers new suggestions', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  const { course, lessonId } = await courseWithLesson(page, `Stale ${Date.now()}`, 'Only lesson');
  await openStep(page, /Insights/);
  const step = page.getByTestId('step-insights');
  await step.getByLabel('Course', { exact: true }).selectOption(course.id);
  await step.getByRole('button', { name: 'AI Optimise' }).click();
  const optimization = step.getByTestId('optimization').first();
  await expect(optimization).toBeVisible({ timeout: 20_000 });

  // Someone edits the course and the lesson meanwhile.
  const current = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  expect(
    (await page.request.patch(`/api/courses/${course.id}`, { data: { subtitle: 'Changed meanwhile', version: current.version } })).status(),
  ).toBeLessThan(300);
  const lesson = (await (await page.request.get(`/api/lessons/${lessonId}`)).json()) as TLesson;
  expect(
    (await page.request.patch(`/api/lessons/${lessonId}`, { data: { title: 'Renamed meanwhile', version: lesson.version } })).status(),
  ).toBeLessThan(300);

  await optimization.getByRole('button', { name: 'Apply' }).click();
  await expect(optimization.getByRole('alert')).toContainText('The course has changed since this was suggested');
  await expect(optimization).toHaveAttribute('data-status', 'pending');
  await optimization.getByRole('button', { name: 'Get new suggestions' }).click();
  await expect(step.getByTestId('optimization').first()).toHaveAttribute('data-status', 'pending');
  await expect(step.getByTestId('optimization').first().getByRole('alert')).toHaveCount(0);
});

test('publishing a course that is not complete says what is missing', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await logIn(page);
  const response = await page.request.post('/api/courses', { data: { title: `Incomplete ${Date.now()}` } });
  const course = (await response.json()) as TCourse;
  const site = (await (await page.request.get('/api/organisation/site')).json()) as { subdomain: string | null };
  await openStep(page, /Launch/);
  const step = page.getByTestId('step-launch');
  await step.getByLabel('Course', { exact: true }).selectOption(course.id);
  const panel = step.getByTestId('publish-panel');
  await panel.getByLabel('Subdomain').fill(site.subdomain ?? `e2e-${Date.now()}`);
  await panel.getByRole('button', { name: 'Publish course' }).click();
  await expectToast(page, 'Publishing Failed');
  await expect(panel.getByRole('alert')).toContainText('The course needs a description.');
  await expect(panel.getByRole('alert')).toContainText('The course needs at least one lesson.');
});
