import type { Page } from '@playwright/test';
import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { QUESTIONS_REFRESH_MS } from '../../src/shared/limits.ts';
import { publishCourse } from './published-course.ts';
import { expectToast, uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Learners' questions in the browser: a learner asks the instructor from a lesson, the instructor
 * follows the notification to the dashboard's "Besvar spørgsmål" and answers, and the learner
 * follows theirs back to the lesson, where the answer is.
 */

async function expectNoAxeViolations(page: Page) {
  const results = await (await settledAxe(page)).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifikationer/ });

test('a learner asks from a lesson, the instructor answers in the dashboard, and the learner reads the answer', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('questions-admin'), 'questions-admin-pass-1');
  const course = await publishCourse(page, 'Gode møder');
  const lesson = course.modules[0]!.lessons[0]!;

  // A learner of the company, invited by mail, enrolled and in a browser of their own.
  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'questions-learner');
  await usePreferences(learner, { language: 'da', theme: 'light' });
  expect((await learner.request.post(`/api/courses/${course.id}/enrol`)).status()).toBeLessThan(300);

  // The lesson: the section is folded until the learner opens it; the field then has the focus.
  await learner.goto(`/learn/${course.id}/${lesson.id}`);
  const section = learner.getByRole('region', { name: 'Spørg instruktøren' });
  await expect(section).toBeVisible();
  const open = section.getByRole('button', { name: 'Skriv et spørgsmål' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  const field = section.getByLabel('Dit spørgsmål til instruktøren');
  await expect(field).toBeFocused();
  await expect(section.getByRole('button', { name: 'Skjul spørgsmål' })).toHaveAttribute('aria-expanded', 'true');
  await expect(section.getByText('Du har ikke stillet spørgsmål til kurset endnu.')).toBeVisible();

  // Too short: said at the field, and nothing is sent.
  await field.fill('Hm');
  await section.getByRole('button', { name: 'Send spørgsmål' }).click();
  await expect(section.getByText('Skriv et spørgsmål på mindst 3 tegn.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('Skal dagsordenen også sendes til gæster udefra?');
  await section.getByRole('button', { name: 'Send spørgsmål' }).click();
  await expectToast(learner, 'Dit spørgsmål er sendt til instruktøren');
  await expect(field).toHaveValue('');
  const mine = section.getByTestId('my-question');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Før mødet');
  await expect(mine).toContainText('Skal dagsordenen også sendes til gæster udefra?');
  await expect(mine).toContainText('Venter på svar fra instruktøren.');
  await expectNoAxeViolations(learner);

  // The instructor (the course's owner) hears of it, and the notification opens the dialog where it is answered.
  await page.goto('/dashboard');
  const bell = bellOf(page);
  await bell.click();
  await page
    .getByRole('group', { name: 'Notifikationer' })
    .getByRole('link', { name: /^Ulæst: Nyt spørgsmål til »Gode møder«/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Besvar spørgsmål' });
  await expect(dialog.getByRole('tab', { name: 'Spørgsmål fra kursister' })).toHaveAttribute('aria-selected', 'true');
  const item = dialog.getByTestId('question-item');
  await expect(item).toHaveCount(1);
  await expect(dialog.getByTestId('question-course')).toContainText('Gode møder');
  await expect(item).toContainText('Før mødet');
  await expect(item).toContainText('Skal dagsordenen også sendes til gæster udefra?');
  await expect(item).toContainText('Fra Lise Læring');
  await expectNoAxeViolations(page);

  await item.getByRole('button', { name: 'Svar Lise Læring' }).click();
  const answer = item.getByLabel('Dit svar til Lise Læring');
  await expect(answer).toBeFocused();
  await answer.fill('Ja, send den til alle, også gæster.');
  await item.getByRole('button', { name: 'Send svar' }).click();
  await expect(item.getByTestId('question-answer')).toContainText('Ja, send den til alle, også gæster.');
  await expect(item.getByTestId('question-answer')).toContainText('Svar fra Ulla Interface');
  // Edited: the learner reads the newest words, and is told once.
  await item.getByRole('button', { name: 'Redigér svaret til Lise Læring' }).click();
  await expect(answer).toBeFocused();
  await answer.fill('Ja, send den til alle, som kommer, også gæster udefra.');
  await item.getByRole('button', { name: 'Send svar' }).click();
  await expect(item.getByTestId('question-answer')).toContainText('Ja, send den til alle, som kommer, også gæster udefra.');
  await expectNoAxeViolations(page);
  // The reviews are a tab away.
  await dialog.getByRole('tab', { name: 'Anmeldelser fra kursister' }).click();
  await expect(dialog.getByText('Ingen anmeldelser endnu.', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The learner's notification leads back to the lesson, with the section open and the answer in it.
  await learner.goto('/dashboard');
  const learnerBell = bellOf(learner);
  await expect(learnerBell).toHaveAccessibleName('Notifikationer, 1 ulæst');
  await learnerBell.click();
  await learner
    .getByRole('group', { name: 'Notifikationer' })
    .getByRole('link', { name: /^Ulæst: Dit spørgsmål til »Gode møder« er besvaret/ })
    .click();
  await expect(learner).toHaveURL(`/learn/${course.id}/${lesson.id}#questions`);
  const answered = learner.getByRole('region', { name: 'Spørg instruktøren' }).getByTestId('my-question-answer');
  await expect(answered).toContainText('Ja, send den til alle, som kommer, også gæster udefra.');
  await expect(answered).toContainText('Svar fra Ulla Interface');
  await expectNoAxeViolations(learner);
  await context.close();
});

test('a thread: public questions, the lesson\'s FAQ, a follow-up, "helpful", and hiding with a reason', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('threads-admin'), 'threads-admin-pass-1');
  const course = await publishCourse(page, 'Sikker løft');
  const lesson = course.modules[0]!.lessons[0]!;
  const first = await invitedLearner(page, browser, baseURL!, 'threads-first');
  const second = await invitedLearner(page, browser, baseURL!, 'threads-second');
  for (const { learner } of [first, second]) {
    await usePreferences(learner, { language: 'da', theme: 'light' });
    expect((await learner.request.post(`/api/courses/${course.id}/enrol`)).status()).toBeLessThan(300);
  }
  const openSection = async (learner: Page) => {
    await learner.goto(`/learn/${course.id}/${lesson.id}`);
    const section = learner.getByRole('region', { name: 'Spørg instruktøren' });
    await section.getByRole('button', { name: 'Skriv et spørgsmål' }).click();
    return section;
  };

  // The first learner asks; no public choice yet.
  let section = await openSection(first.learner);
  await expect(section.getByLabel(/Vis spørgsmålet for kursets andre kursister/)).toHaveCount(0);
  await section.getByLabel('Dit spørgsmål til instruktøren').fill('Hvor tungt løfter man?');
  await section.getByRole('button', { name: 'Send spørgsmål' }).click();
  await expect(section.getByTestId('my-question')).toHaveCount(1);
  // The asker rewrites it; the staff see it was edited.
  await section.getByTestId('my-question').getByRole('button', { name: 'Redigér spørgsmålet' }).click();
  const editField = section.getByTestId('my-question').getByLabel('Dit spørgsmål', { exact: true });
  await expect(editField).toBeFocused();
  await editField.fill('Hvor tungt må man løfte alene?');
  await section.getByTestId('my-question').getByRole('button', { name: 'Gem' }).click();
  await expect(section.getByTestId('my-question')).toContainText('Hvor tungt må man løfte alene? (redigeret)');

  // The instructor allows public questions on the course, answers and pins the answer to the lesson.
  await page.goto('/dashboard#questions');
  const dialog = page.getByRole('dialog', { name: 'Besvar spørgsmål' });
  const group = dialog.getByTestId('question-course');
  await group.getByRole('switch', { name: 'Kursister kan stille offentlige spørgsmål på kurset' }).click();
  await expect(group.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  const item = dialog.getByTestId('question-item');
  await expect(item).toContainText('Venter på dit svar');
  await expect(item).toContainText('redigeret');
  await item.getByRole('button', { name: 'Svar Lise Læring' }).click();
  await item.getByLabel('Dit svar til Lise Læring').fill('Højst 25 kg, og altid tæt på kroppen.');
  await item.getByRole('button', { name: 'Send svar' }).click();
  await expect(item).not.toContainText('Venter på dit svar');
  await item.getByRole('button', { name: 'Fastgør spørgsmålet fra Lise Læring til lektionen som ofte stillet spørgsmål' }).click();
  await expect(item).toContainText('Fastgjort til lektionen');
  await expectNoAxeViolations(page);

  // The first learner marks the answer helpful and follows up.
  section = await openSection(first.learner);
  const own = section.getByTestId('my-question');
  await expect(own).toContainText('Højst 25 kg, og altid tæt på kroppen.');
  await expect(own.getByRole('button', { name: 'Redigér spørgsmålet' })).toHaveCount(0);
  await own.getByRole('button', { name: 'Svaret hjalp mig' }).click();
  await expect(own.getByRole('button', { name: 'Svaret hjalp mig' })).toHaveAttribute('aria-pressed', 'true');
  await own.getByLabel('Skriv en opfølgning til instruktøren').fill('Gælder det også med løftehjælp?');
  await own.getByRole('button', { name: 'Send opfølgning' }).click();
  await expect(own.getByTestId('question-reply')).toContainText('Gælder det også med løftehjælp?');

  // The second learner sees the lesson's FAQ without the asker's name, and asks in public.
  section = await openSection(second.learner);
  const faq = section.getByTestId('faq-question');
  await expect(faq).toContainText('Hvor tungt må man løfte alene?');
  await expect(faq).toContainText('Højst 25 kg');
  await section.getByLabel('Dit spørgsmål til instruktøren').fill('Hvem betaler for sikkerhedsskoene?');
  await section.getByLabel(/Vis spørgsmålet for kursets andre kursister/).check();
  await section.getByRole('button', { name: 'Send spørgsmål' }).click();
  await expect(section.getByTestId('my-question')).toContainText('offentligt');
  await expectNoAxeViolations(second.learner);

  // The first learner sees it among the other learners' questions.
  section = await openSection(first.learner);
  await expect(section.getByTestId('public-question')).toContainText('Hvem betaler for sikkerhedsskoene?');

  // The instructor sees the follow-up awaiting them, and hides the public question with a reason.
  await page.reload();
  const items = dialog.getByTestId('question-item');
  const followed = items.filter({ hasText: 'Hvor tungt må man løfte alene?' });
  await expect(followed).toContainText('Venter på dit svar');
  await expect(followed).toContainText('Svaret hjalp');
  await expect(followed.getByTestId('question-reply')).toContainText('Gælder det også med løftehjælp?');
  const shoes = items.filter({ hasText: 'Hvem betaler for sikkerhedsskoene?' });
  await expect(shoes).toContainText('Offentligt');
  await shoes.getByRole('button', { name: 'Skjul spørgsmålet fra Lise Læring' }).click();
  const reason = page.getByRole('dialog', { name: 'Skjul spørgsmålet' });
  await reason.getByLabel('Begrundelse').fill('Spørg din leder om udstyr');
  await expectNoAxeViolations(page);
  await reason.getByRole('button', { name: 'Skjul spørgsmålet' }).click();
  await expect(shoes).toContainText('Skjult: Spørg din leder om udstyr');

  // Hidden: gone for the first learner; its asker sees why.
  section = await openSection(first.learner);
  // (Their own pinned question stays among theirs, not repeated as an FAQ.)
  await expect(section.getByTestId('my-question')).toContainText('Hvor tungt må man løfte alene?');
  await expect(section.getByTestId('faq-question')).toHaveCount(0);
  await expect(section.getByTestId('public-question')).toHaveCount(0);
  section = await openSection(second.learner);
  await expect(section.getByTestId('question-hidden')).toHaveText('Skjult af kursets instruktør: Spørg din leder om udstyr');
  await first.context.close();
  await second.context.close();
});

test('an open list of questions brings new ones and follow-ups without a reload', async ({ page, browser, baseURL }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('live-admin'), 'live-admin-pass-1');
  const course = await publishCourse(page, 'Spørgsmål undervejs');
  const lessonId = course.modules[0]!.lessons[0]!.id;
  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'live-learner');
  expect((await learner.request.post(`/api/courses/${course.id}/enrol`)).status()).toBeLessThan(300);

  // The page's timers run on a clock the test moves on, so the refresh comes without waiting for it.
  await page.clock.install();
  await page.goto('/dashboard#questions');
  const dialog = page.getByRole('dialog', { name: 'Besvar spørgsmål' });
  await expect(dialog.getByText('Ingen spørgsmål endnu.', { exact: false })).toBeVisible();

  const asked = await learner.request.post(`/api/courses/${course.id}/questions`, { data: { body: 'Hvem skriver referatet?', lessonId } });
  expect(asked.status()).toBe(201);
  await page.clock.fastForward(QUESTIONS_REFRESH_MS);
  const item = dialog.getByTestId('question-item');
  await expect(item).toContainText('Hvem skriver referatet?');
  await expect(item).toContainText('Venter på dit svar');
  await context.close();
});
