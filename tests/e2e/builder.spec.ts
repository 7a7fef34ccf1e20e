import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expect, test } from './fixtures.ts';
import { openSection } from './support.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

/** The manual course builder, against the real API on a fresh database. */

async function createCourseThroughApi(page: Page, title: string): Promise<TCourse> {
  const response = await page.request.post('/api/courses', { data: { title } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TCourse;
}

async function addModuleAndLesson(page: Page, course: TCourse, moduleTitle: string, lessonTitle: string): Promise<TCourse> {
  let response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: moduleTitle, version: course.version } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const withModule = (await response.json()) as TCourse;
  const moduleId = withModule.modules.at(-1)!.id;
  response = await page.request.post(`/api/modules/${moduleId}/lessons`, {
    data: { title: lessonTitle, kind: 'text', version: withModule.version },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as TCourse;
}

const saved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

test('build a course by hand: create, settings, modules and lessons, keyboard reordering, and everything is there after a reload', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Opret nyt kursus' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Opret et nyt kursus' });
  await dialog.getByLabel('Kursets titel').fill('Kundeservice i praksis');
  await dialog.getByRole('button', { name: 'Opret og åbn byggeren' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses\/[\w-]+$/);
  await expect(page.getByTestId('builder-title')).toHaveText('Kundeservice i praksis');
  await expect(page.getByTestId('course-status')).toHaveText('Kladde');

  // Settings: every change saves by itself.
  await page.getByRole('tab', { name: 'Indstillinger' }).click();
  await page.getByLabel('Undertitel').fill('Gode samtaler med kunderne');
  await page.getByLabel('Beskrivelse').fill('Et kursus om at lytte, svare klart og følge op.');
  await page.getByLabel('Kategori').selectOption('business');
  await page.getByLabel('Niveau').selectOption('intermediate');
  // Tags become chips at a comma, Enter or leaving the field; Backspace in the empty field removes the last.
  await page.getByRole('textbox', { name: 'Tags', exact: true }).fill('service, kommunikation');
  const tags = page.getByRole('list', { name: 'Kursets tags' }).getByRole('listitem');
  await expect(tags).toHaveText(['service']);
  await page.getByRole('textbox', { name: 'Tags', exact: true }).press('Enter');
  await expect(tags).toHaveText(['service', 'kommunikation']);
  await page.getByRole('textbox', { name: 'Tags', exact: true }).fill('tavle');
  await page.getByRole('textbox', { name: 'Tags', exact: true }).press('Enter');
  await page.getByRole('textbox', { name: 'Tags', exact: true }).press('Backspace');
  await expect(tags).toHaveText(['service', 'kommunikation']);
  await page.getByRole('textbox', { name: 'Tags', exact: true }).fill('stress');
  await page.getByRole('textbox', { name: 'Tags', exact: true }).blur();
  await page.getByRole('button', { name: 'Fjern tagget stress' }).click();
  await expect(tags).toHaveText(['service', 'kommunikation']);
  await expect(page.getByRole('textbox', { name: 'Tags', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Tilføj et læringsmål' }).click();
  await page.getByLabel('Læringsmål 1', { exact: true }).fill('Håndtere en klage roligt');
  await page.getByLabel('Forventet varighed (minutter)').fill('90');
  await page.getByLabel('Prismodel').selectOption('paid');
  await page.getByLabel('Pris', { exact: true }).fill('499,50');
  await page.getByLabel('Valuta').selectOption('EUR');
  await page.getByLabel('Synlighed').selectOption('unlisted');
  await saved(page);

  // Outline: two modules, lessons in each.
  await page.getByRole('tab', { name: 'Indhold' }).click();
  for (const title of ['Lytte', 'Svare']) {
    await page.getByLabel('Nyt modul').fill(title);
    await page.getByRole('button', { name: 'Tilføj modul' }).click();
    await expect(page.getByLabel(/^Titel på modul/).last()).toHaveValue(title);
  }
  const modules = page.getByTestId('outline-module');
  await expect(modules).toHaveCount(2);
  const addLesson = async (moduleIndex: number, title: string, kind: string) => {
    const module = modules.nth(moduleIndex);
    await module.getByLabel('Ny lektion').fill(title);
    await module.getByLabel('Type').selectOption(kind);
    await module.getByRole('button', { name: 'Tilføj lektion' }).click();
    await expect(module.getByTestId('outline-lesson').filter({ hasText: title })).toBeVisible();
  };
  await addLesson(0, 'Aktiv lytning', 'text');
  await addLesson(0, 'Spørgsmål der åbner', 'quiz');
  await addLesson(1, 'Klare svar', 'text');

  // The new lesson opened in the main pane; its title and duration are the builder's own fields.
  await expect(page.getByTestId('lesson-pane')).toBeVisible();
  await expect(page.getByLabel('Lektionens titel')).toHaveValue('Klare svar');
  await page.getByLabel('Lektionens titel').fill('Klare og venlige svar');
  await page.getByLabel('Varighed (minutter)', { exact: true }).fill('15');
  await expect(modules.nth(1).getByTestId('outline-lesson')).toHaveText(/Klare og venlige svar/);

  // Rename a module in place.
  await page.getByLabel('Titel på modul 2').fill('Svare godt');
  await saved(page);

  // Reorder by keyboard: pick up the second module with Space, move it up, drop it.
  const handle = page.getByRole('button', { name: 'Træk modulet Svare godt' });
  const dndLive = page.getByTestId('outline-drag-announcement');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(dndLive).toHaveText('Svare godt er nu modul 1 af 2.');
  await page.keyboard.press('Space');
  await expect(dndLive).toHaveText('Svare godt er sluppet. Svare godt er nu modul 1 af 2.');
  await expect(page.getByLabel('Titel på modul 1')).toHaveValue('Svare godt');
  // And a lesson with its move buttons, one step at a time (within a module, then across into the next).
  await page.getByRole('button', { name: 'Flyt Spørgsmål der åbner op' }).click();
  await expect(page.getByTestId('outline-announcement')).toHaveText('Spørgsmål der åbner er nu lektion 1 af 2 i Lytte.');
  await page.getByRole('button', { name: 'Flyt Klare og venlige svar ned' }).click();
  await expect(page.getByTestId('outline-announcement')).toHaveText('Klare og venlige svar er nu lektion 1 af 3 i Lytte.');
  await saved(page);

  await page.reload();
  await expect(page.getByTestId('builder-title')).toHaveText('Kundeservice i praksis');
  await expect(page.getByLabel('Titel på modul 1')).toHaveValue('Svare godt');
  await expect(page.getByLabel('Titel på modul 2')).toHaveValue('Lytte');
  await expect(modules.nth(0).getByTestId('outline-lesson')).toHaveCount(0);
  await expect(modules.nth(1).getByTestId('outline-lesson')).toHaveText([/Klare og venlige svar/, /Spørgsmål der åbner/, /Aktiv lytning/]);
  await modules
    .nth(1)
    .getByRole('button', { name: /^Klare og venlige svar/ })
    .click();
  await expect(page.getByLabel('Varighed (minutter)', { exact: true })).toHaveValue('15');

  await page.getByRole('tab', { name: 'Indstillinger' }).click();
  await expect(page.getByLabel('Undertitel')).toHaveValue('Gode samtaler med kunderne');
  await expect(page.getByLabel('Beskrivelse')).toHaveValue('Et kursus om at lytte, svare klart og følge op.');
  await expect(page.getByLabel('Kategori')).toHaveValue('business');
  await expect(page.getByLabel('Niveau')).toHaveValue('intermediate');
  await expect(page.getByRole('list', { name: 'Kursets tags' }).getByRole('listitem')).toHaveText(['service', 'kommunikation']);
  await expect(page.getByRole('textbox', { name: 'Tags', exact: true })).toHaveValue('');
  await expect(page.getByLabel('Læringsmål 1', { exact: true })).toHaveValue('Håndtere en klage roligt');
  await expect(page.getByLabel('Forventet varighed (minutter)')).toHaveValue('90');
  await expect(page.getByLabel('Pris', { exact: true })).toHaveValue('499,50');
  await expect(page.getByLabel('Valuta')).toHaveValue('EUR');
  await expect(page.getByLabel('Synlighed')).toHaveValue('unlisted');

  // The price went out in minor units.
  const id = page.url().split('/').pop()!.split('?')[0]!;
  const course = (await (await page.request.get(`/api/courses/${id}`)).json()) as TCourse;
  expect(course).toMatchObject({
    price: 49_950,
    currency: 'EUR',
    pricing: 'paid',
    durationMinutes: 90,
    tags: ['service', 'kommunikation'],
  });

  // The dashboard's Mine Kurser lists it, with a way back into the builder.
  await page.goto('/dashboard');
  await openSection(page, 'Kurser');
  const card = page.getByTestId('course-card').filter({ hasText: 'Kundeservice i praksis' });
  await expect(card).toContainText('Kladde');
  await expect(card).toContainText('Et kursus om at lytte');
  await card.getByRole('link', { name: /Åbn i byggeren/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/courses/${id}$`));
});

// The smallest valid PNG (1×1), and an MP4 (an ftyp box with the isom brand, then an mdat box).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
function mp4(size: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp42')]);
  const mdat = Buffer.alloc(size - ftyp.length);
  mdat.writeUInt32BE(mdat.length);
  mdat.write('mdat', 4);
  return Buffer.concat([ftyp, mdat]);
}

test.describe('in English and the light theme', () => {
  test.beforeEach(async ({ page }) => usePreferences(page, { language: 'en', theme: 'light' }));

  test('a text lesson with an uploaded image, a video upload and a quiz are saved, kept after a reload, and the builder passes axe', async ({
    page,
  }) => {
    test.slow();
    await logIn(page);
    const course = await addModuleAndLesson(page, await createCourseThroughApi(page, 'Media and quizzes'), 'Basics', 'Reading the room');
    await page.goto(`/dashboard/courses/${course.id}`);
    await expect(page.getByTestId('course-status')).toHaveText('Draft');
    const modules = page.getByTestId('outline-module');

    // The text lesson: a sentence and an image uploaded to the course, with its text alternative.
    await modules
      .first()
      .getByRole('button', { name: /^Reading the room/ })
      .click();
    const textbox = page.getByRole('textbox', { name: 'Lesson text: Reading the room' });
    await textbox.click();
    await page.keyboard.type('Look at faces before slides.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert image', exact: true }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Insert image' });
    await imageDialog.getByLabel('Image file').setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: PNG });
    await imageDialog.getByLabel('Text alternative').fill('A meeting room seen from the door');
    await imageDialog.getByRole('button', { name: 'Upload and insert' }).click();
    await expect(imageDialog).toBeHidden();
    const image = page.getByTestId('lesson-pane').locator('img[alt="A meeting room seen from the door"]').first();
    await expect(image).toHaveAttribute('src', /^\/api\/uploads\/[\w-]+$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await saved(page);

    // A video lesson with an uploaded file.
    await modules.first().getByLabel('New lesson').fill('Watch a meeting');
    await modules.first().getByLabel('Kind').selectOption('video');
    await modules.first().getByRole('button', { name: 'Add lesson' }).click();
    await expect(page.getByLabel('Lesson title')).toHaveValue('Watch a meeting');
    await page
      .getByLabel('Video file', { exact: true })
      .setInputFiles({ name: 'meeting.mp4', mimeType: 'video/mp4', buffer: mp4(64 * 1024) });
    await expect(page.getByTestId('lesson-pane').locator('video').first()).toHaveAttribute('src', /^\/api\/uploads\/[\w-]+$/);
    await saved(page);

    // A quiz lesson with one single-choice question and its answer.
    await modules.first().getByLabel('New lesson').fill('Check yourself');
    await modules.first().getByLabel('Kind').selectOption('quiz');
    await modules.first().getByRole('button', { name: 'Add lesson' }).click();
    await page.getByRole('button', { name: 'Add question' }).click();
    await expect(page.getByLabel('Question', { exact: true })).toBeFocused();
    await page.keyboard.type('What do you look at first?');
    const question = page.getByRole('region', { name: /Question 1/ });
    await question.getByLabel('Option 1', { exact: true }).fill('Faces');
    await question.getByLabel('Option 2', { exact: true }).fill('Slides');
    await question.getByRole('radio', { name: 'Faces is correct' }).check();
    await saved(page);

    // The light theme and the builder pass axe with every editor on screen in turn.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const axe = async () => {
      const results = await (await settledAxe(page)).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await axe();

    await page.reload();
    await modules
      .first()
      .getByRole('button', { name: /^Reading the room/ })
      .click();
    await expect(page.getByRole('textbox', { name: 'Lesson text: Reading the room' })).toContainText('Look at faces before slides.');
    await expect(page.getByTestId('lesson-pane').locator('img[alt="A meeting room seen from the door"]').first()).toBeVisible();
    await axe();
    await modules
      .first()
      .getByRole('button', { name: /^Watch a meeting/ })
      .click();
    await expect(page.getByTestId('lesson-pane').locator('video').first()).toHaveAttribute('src', /^\/api\/uploads\/[\w-]+$/);
    await modules
      .first()
      .getByRole('button', { name: /^Check yourself/ })
      .click();
    await expect(page.getByLabel('Question', { exact: true })).toHaveValue('What do you look at first?');
    await expect(page.getByRole('region', { name: /Question 1/ }).getByRole('radio', { name: 'Faces is correct' })).toBeChecked();
    await axe();

    // What the server holds: the uploads belong to the lessons, the key is stored for the author.
    const stored = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
    const lessons = stored.modules[0]!.lessons;
    expect(lessons.map((l) => [l.title, l.kind])).toEqual([
      ['Reading the room', 'text'],
      ['Watch a meeting', 'video'],
      ['Check yourself', 'quiz'],
    ]);
    const video = (await (await page.request.get(`/api/lessons/${lessons[1]!.id}`)).json()) as {
      content: { video: { source: string; uploadId: string } };
    };
    expect(video.content.video.source).toBe('upload');
    const file = await page.request.get(`/api/uploads/${video.content.video.uploadId}`, { headers: { range: 'bytes=0-11' } });
    expect(file.status()).toBe(206);
    expect((await file.body()).subarray(4, 8).toString()).toBe('ftyp');
  });
});

test('two tabs editing the same lesson: the second save gets the conflict message and can load the latest', async ({ page, context }) => {
  await logIn(page);
  const course = await addModuleAndLesson(page, await createCourseThroughApi(page, 'Konfliktkursus'), 'Modul', 'Lektionen');
  const lessonId = course.modules[0]!.lessons[0]!.id;
  const url = `/dashboard/courses/${course.id}?lesson=${lessonId}`;
  const other = await context.newPage();
  await page.goto(url);
  await other.goto(url);
  await expect(page.getByLabel('Lektionens titel')).toHaveValue('Lektionen');
  await expect(other.getByLabel('Lektionens titel')).toHaveValue('Lektionen');

  await page.getByLabel('Lektionens titel').fill('Fra fane et');
  await saved(page);
  await other.getByLabel('Lektionens titel').fill('Fra fane to');
  const notice = other.getByTestId('conflict-notice');
  await expect(notice).toContainText('En anden har gemt ændringer her, siden du åbnede det');
  await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'conflict');
  // The local edit is kept in view (and in this browser) while the user decides.
  await notice.getByText('Din ikke-gemte version').click();
  await expect(notice).toContainText('Fra fane to');
  await notice.getByRole('button', { name: 'Hent nyeste version' }).click();
  await expect(other.getByLabel('Lektionens titel')).toHaveValue('Fra fane et');
  await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await other.close();
});

for (const language of ['da', 'en'] as const) {
  const words = {
    da: {
      publish: 'Udgiv',
      settings: 'Indstillinger',
      description: 'Beskrivelse',
      content: 'Indhold',
      newModule: 'Nyt modul',
      addModule: 'Tilføj modul',
      newLesson: 'Ny lektion',
      addLesson: 'Tilføj lektion',
      published: 'Udgivet',
      unpublish: 'Afpublicér',
      draft: 'Kladde',
      missing: ['Kurset mangler en beskrivelse.', 'Kurset skal have mindst én lektion.'],
      preview: 'Se som kursist',
      emptyTitle: 'Udgiv med 1 tom lektion?',
      empty: 'Tekstlektionen "First lesson" har ingen tekst.',
      back: 'Tilbage til kurset',
      anyway: 'Udgiv alligevel',
    },
    en: {
      publish: 'Publish',
      settings: 'Settings',
      description: 'Description',
      content: 'Content',
      newModule: 'New module',
      addModule: 'Add module',
      newLesson: 'New lesson',
      addLesson: 'Add lesson',
      published: 'Published',
      unpublish: 'Unpublish',
      draft: 'Draft',
      missing: ['The course needs a description.', 'The course needs at least one lesson.'],
      preview: 'Preview as learner',
      emptyTitle: 'Publish with 1 empty lesson?',
      empty: 'The text lesson "First lesson" has no text.',
      back: 'Back to the course',
      anyway: 'Publish anyway',
    },
  }[language];

  test(`publishing lists what is missing, then publishes (${language})`, async ({ page }) => {
    test.slow();
    await usePreferences(page, { language });
    await logIn(page);
    const course = await createCourseThroughApi(page, `Udgivelse ${language}`);
    await page.goto(`/dashboard/courses/${course.id}`);
    await page.getByRole('button', { name: words.publish, exact: true }).click();
    const missing = page.getByTestId('publish-missing');
    await expect(missing.getByRole('listitem')).toHaveText(words.missing);
    await expect(page.getByTestId('course-status')).toHaveText(words.draft);

    await page.getByRole('tab', { name: words.settings }).click();
    await page.getByLabel(words.description).fill('A real description.');
    await page.getByRole('tab', { name: words.content }).click();
    await page.getByLabel(words.newModule).fill('One');
    await page.getByRole('button', { name: words.addModule }).click();
    await page.getByTestId('outline-module').getByLabel(words.newLesson).fill('First lesson');
    await page.getByTestId('outline-module').getByRole('button', { name: words.addLesson }).click();
    await expect(page.getByTestId('outline-lesson')).toHaveCount(1);
    // The new lesson is empty: publishing asks first and names it; going back publishes nothing.
    const publish = page.getByRole('button', { name: words.publish, exact: true });
    await publish.click();
    const confirm = page.getByRole('alertdialog', { name: words.emptyTitle });
    await expect(confirm.getByRole('listitem')).toHaveText([words.empty]);
    await expect(confirm.getByRole('button', { name: words.back })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(publish).toBeFocused();
    await expect(page.getByTestId('course-status')).toHaveText(words.draft);
    await publish.press('Enter');
    await confirm.getByRole('button', { name: words.anyway }).click();
    await expect(page.getByTestId('course-status')).toHaveText(words.published);
    await expect(page.getByTestId('publish-problem')).toHaveCount(0);
    await expect(page.getByRole('button', { name: words.unpublish })).toBeVisible();

    // Preview as learner: the outline through the lesson renderer, nothing editable.
    await page.getByRole('tab', { name: words.preview }).click();
    const preview = page.getByTestId('learner-preview');
    await expect(preview.getByRole('heading', { name: `Udgivelse ${language}` })).toBeVisible();
    await expect(preview.getByTestId('preview-lesson')).toHaveCount(1);
    await expect(preview.getByRole('textbox')).toHaveCount(0);
  });
}

test('a save that fails is retried and kept in the browser until it succeeds, also when the tab is closed', async ({ page, context }) => {
  await logIn(page);
  const course = await createCourseThroughApi(page, 'Offline');
  const coursePath = `**/api/courses/${course.id}`;
  let failures = 2;
  // On the context, so the tab's last attempts as it closes fail as well.
  await context.route(coursePath, async (route) => {
    if (route.request().method() === 'PATCH' && failures > 0) {
      failures -= 1;
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  await page.goto(`/dashboard/courses/${course.id}?tab=settings`);
  await page.getByLabel('Undertitel').fill('Skrevet uden net');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'retrying');
  await expect(page.getByTestId('save-status')).toContainText('Ikke gemt');
  const stored = await page.evaluate((key) => localStorage.getItem(key), `kursa:builder:${course.id}:settings`);
  expect(JSON.parse(stored ?? 'null')).toMatchObject({ value: { subtitle: 'Skrevet uden net' } });
  await saved(page);
  expect(failures).toBe(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), `kursa:builder:${course.id}:settings`)).toBeNull();

  // Every save fails now: leaving warns, and the edit is still there when the course opens again.
  failures = 1000;
  await page.getByLabel('Undertitel').fill('Overlever at fanen lukkes');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'retrying');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toContain('beforeunload');
  expect(page.isClosed()).toBe(false);
  await page.close();

  // Whichever got there first (the tab's last attempt as it closed, or the copy kept in this
  // browser on the next visit), the edit is not lost.
  failures = 0;
  const next = await context.newPage();
  await next.goto(`/dashboard/courses/${course.id}?tab=settings`);
  await expect(next.getByLabel('Undertitel')).toHaveValue('Overlever at fanen lukkes');
  await expect(next.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  let latest = (await (await next.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  expect(latest.subtitle).toBe('Overlever at fanen lukkes');

  // An edit kept in the browser from a visit whose saves never arrived is restored, said so, and saved.
  await next.evaluate(
    ([key, version]) =>
      localStorage.setItem(
        key,
        JSON.stringify({ value: { subtitle: 'Fra sidste besøg' }, base: version, savedAt: new Date().toISOString() }),
      ),
    [`kursa:builder:${course.id}:settings`, latest.version] as const,
  );
  await next.reload();
  await expect(next.getByTestId('restored-notice')).toBeVisible();
  await expect(next.getByLabel('Undertitel')).toHaveValue('Fra sidste besøg');
  await expect(next.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  latest = (await (await next.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  expect(latest.subtitle).toBe('Fra sidste besøg');
  expect(await next.evaluate((key) => localStorage.getItem(key), `kursa:builder:${course.id}:settings`)).toBeNull();
});

test("the browser's Back button with unsaved edits asks first; staying keeps the builder and the edit", async ({ page, context }) => {
  await logIn(page);
  const course = await createCourseThroughApi(page, 'Tilbage-knappen');
  await context.route(`**/api/courses/${course.id}`, (route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue(),
  );
  // Into the builder through the app, so Back leads to the dashboard inside the same app.
  await page.goto('/dashboard');
  await openSection(page, 'Kurser');
  await page
    .getByTestId('course-card')
    .filter({ hasText: 'Tilbage-knappen' })
    .getByRole('link', { name: /Åbn i byggeren/ })
    .click();
  await expect(page.getByTestId('builder-title')).toHaveText('Tilbage-knappen');
  const builderUrl = page.url();
  await page.getByRole('tab', { name: 'Indstillinger' }).click();
  await page.getByLabel('Undertitel').fill('Ikke gemt endnu');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'retrying');

  const messages: string[] = [];
  let answer = false;
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void (answer ? dialog.accept() : dialog.dismiss());
  });
  const leave =
    'Nogle ændringer er ikke gemt endnu. De gemmes i denne browser og bliver gemt, når du kommer tilbage. Vil du forlade siden alligevel?';
  await page.evaluate(() => window.history.back());
  await expect.poll(() => messages).toEqual([expect.any(String)]);
  await expect(page).toHaveURL(`${new URL(builderUrl).pathname}?tab=settings`);
  await expect(page.getByLabel('Undertitel')).toHaveValue('Ikke gemt endnu');

  // Answered Yes, the app goes back; the edit stays in this browser for the next visit.
  answer = true;
  await page.evaluate(() => window.history.back());
  // Back to the dashboard's page it came from.
  await expect(page).toHaveURL('/dashboard/courses');
  await expect(page.getByRole('link', { name: 'Kurser', exact: true })).toHaveAttribute('aria-current', 'page');
  expect(messages).toEqual([leave, leave]);
  const stored = await page.evaluate((key) => localStorage.getItem(key), `kursa:builder:${course.id}:settings`);
  expect(JSON.parse(stored ?? 'null')).toMatchObject({ value: { subtitle: 'Ikke gemt endnu' } });
});

test("the creator's Start Manual: a visitor is sent to log in first, then it creates a course and opens the builder", async ({ page }) => {
  // The creator's wizard is a page of the workspace: a visitor logs in before it opens.
  const openCreator = async () => {
    await page.goto('/dashboard/creator');
    await expect(page.getByTestId('creator-wizard')).toHaveAttribute('data-ready', 'true');
  };
  await page.goto('/dashboard/creator');
  await expect(page).toHaveURL(/\/login\?next=/);
  await logIn(page);
  await openCreator();
  await page.getByTestId('start-manual').click();
  const dialog = page.getByRole('dialog', { name: 'Opret et nyt kursus' });
  await dialog.getByLabel('Kursets titel').fill('Fra kursusskaberen');
  await dialog.getByRole('button', { name: 'Opret og åbn byggeren' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses\/[\w-]+$/);
  await expect(page.getByTestId('builder-title')).toHaveText('Fra kursusskaberen');
});

test("a lesson's earlier versions: listed with author and time, viewed, and restored after a confirmation", async ({ page }) => {
  await logIn(page);
  const course = await addModuleAndLesson(page, await createCourseThroughApi(page, 'Versioner'), 'Modul', 'Første udgave');
  const lessonId = course.modules[0]!.lessons[0]!.id;
  await page.goto(`/dashboard/courses/${course.id}?lesson=${lessonId}`);
  await page.getByLabel('Lektionens titel').fill('Anden udgave');
  await saved(page);

  await page.getByRole('button', { name: 'Vis versioner' }).click();
  const list = page.getByTestId('revisions');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('Anden udgave');
  await expect(list.getByRole('listitem').first()).toContainText('Version 2 · Mette Demo');

  await list.getByRole('button', { name: 'Vis' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: 'Anden udgave' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Gendan' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Gendan denne version?' });
  await confirm.getByRole('button', { name: 'Gendan' }).click();
  await expect(confirm).toBeHidden();
  // A restore is a new version of its own, so the state it replaced stays restorable.
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByLabel('Lektionens titel')).toHaveValue('Anden udgave');
  const latest = (await (await page.request.get(`/api/lessons/${lessonId}`)).json()) as { version: number; title: string };
  expect(latest).toMatchObject({ version: 3, title: 'Anden udgave' });
});

test('text wiped minutes after it was written is restored from the version saved before the wipe', async ({ page }) => {
  await logIn(page);
  const course = await addModuleAndLesson(page, await createCourseThroughApi(page, 'Fortryd'), 'Modul', 'Brandøvelse');
  const lessonId = course.modules[0]!.lessons[0]!.id;
  await page.goto(`/dashboard/courses/${course.id}?lesson=${lessonId}`);
  const textbox = page.getByRole('textbox', { name: 'Lektionstekst: Brandøvelse' });
  const written = 'Ved brandalarm forlader alle bygningen ad nærmeste nødudgang og mødes ved flagstangen.';
  await textbox.click();
  await page.keyboard.type(written);
  await saved(page);

  // Within the same author's ten minutes, the whole text goes.
  await textbox.press('ControlOrMeta+a');
  await textbox.press('Delete');
  await expect(textbox).toHaveText('');
  await saved(page);

  await page.getByRole('button', { name: 'Vis versioner' }).click();
  const items = page.getByTestId('revisions').getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText(/Version 2 · Mette Demo · gemt /);
  await items.nth(1).getByRole('button', { name: 'Vis' }).click();
  const viewer = page.getByRole('dialog', { name: /^Versionen gemt / });
  await expect(viewer).toContainText(written);
  await viewer.getByRole('button', { name: 'Gendan' }).click();
  await page.getByRole('alertdialog', { name: 'Gendan denne version?' }).getByRole('button', { name: 'Gendan' }).click();
  await expect(textbox).toHaveText(written);
  await expect(items).toHaveCount(3);
  const latest = (await (await page.request.get(`/api/lessons/${lessonId}`)).json()) as { version: number; content: unknown };
  expect(JSON.stringify(latest.content)).toContain(written);
});
