import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { publishCourse } from './published-course.ts';
import { expectToast, navigation, uniqueEmail } from './support.ts';
import { registerThroughApi } from './ui-helpers.ts';

/**
 * Learning in the browser: a company publishes a course with a text lesson and a quiz, invites a
 * learner; the learner enrols from the course page, takes the lesson, fails then passes the quiz
 * and completes the course; "My learning" shows it done.
 */

test('a learner enrols, takes a lesson, fails then passes the quiz and completes the course', async ({ page, browser }) => {
  test.slow();
  await registerThroughApi(page, uniqueEmail('learn-admin'), 'learn-admin-pass-1');
  const title = `Korte møder ${Date.now().toString(36)}`;
  const course = await publishCourse(page, title);
  const learnerEmail = uniqueEmail('learn-learner');
  const before = mailCount();
  expect((await page.request.post('/api/invitations', { data: { email: learnerEmail, role: 'learner' } })).status()).toBe(201);
  const link = /http:\/\/localhost:\d+\/invite\/[\w-]+/.exec((await nextMailTo(learnerEmail, before)).text)![0];

  const context = await browser.newContext();
  const learner = await context.newPage();
  const token = link.split('/').pop()!;
  const accepted = await learner.request.post(`/api/invitations/${token}/accept`, {
    data: { contactName: 'Lea Lærling', password: 'lea-pass-123', confirmPassword: 'lea-pass-123' },
  });
  expect(accepted.status()).toBe(201);

  // The course page's Enroll enrols and opens the player where the course starts.
  await learner.goto(`/courses/${course.slug}`);
  await learner.getByRole('button', { name: 'Tilmeld nu' }).click();
  await expect(learner.getByRole('heading', { level: 1, name: 'Før mødet' })).toBeVisible();
  await expect(learner.getByText('Send dagsordenen dagen før.')).toBeVisible();
  await expect(learner.getByText('0 % gennemført').first()).toBeVisible();
  await learner.getByRole('button', { name: 'Markér som gennemført' }).click();
  await expect(learner.getByTestId('lesson-completed')).toBeVisible();
  await expect(learner.getByRole('link', { name: /Før mødet \(Gennemført\)/ })).toBeVisible();
  await expect(learner.getByText('50 % gennemført').first()).toBeVisible();

  await learner.getByRole('link', { name: 'Næste lektion' }).click();
  await expect(learner.getByRole('heading', { level: 1, name: 'Tjek dig selv' })).toBeVisible();
  // The hint is there before answering; the key is not in the page.
  await learner.getByRole('button', { name: 'Vis tip' }).click();
  await expect(learner.getByText('Det er kort.')).toBeVisible();
  expect(await learner.content()).not.toContain('Et standup holdes under et kvarter.');
  const questions = learner.getByTestId('quiz-question');
  await questions.nth(0).getByLabel('60').check();
  await questions.nth(1).getByRole('textbox').fill('referat');
  await learner.getByRole('button', { name: 'Indsend svar' }).click();
  await expect(learner.getByTestId('quiz-result')).toHaveText('Ikke bestået: 0 %. Der skal 100 % til.');
  await expect(questions.nth(0).getByTestId('question-outcome')).toContainText('En time er et helt møde, ikke et standup.');
  // With attempts left the key stays hidden (it would pass the next attempt); the hint shows.
  await expect(questions.nth(0).getByTestId('question-outcome')).toContainText('Tip: Det er kort.');
  await expect(learner.getByTestId('quiz-answers-note')).toHaveText(
    'De rigtige svar vises, når du har bestået quizzen eller brugt alle forsøg.',
  );
  expect(await learner.content()).not.toMatch(/Et standup holdes under et kvarter|Rigtigt svar|dagsorden/);
  await expect(learner.getByText('Du har 2 forsøg tilbage.')).toBeVisible();
  await (await settledAxe(learner)).analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));

  await learner.getByRole('button', { name: 'Prøv igen' }).click();
  await questions.nth(0).getByLabel('15').check();
  await questions.nth(1).getByRole('textbox').fill('  Dagsorden ');
  await learner.getByRole('button', { name: 'Indsend svar' }).click();
  await expect(learner.getByTestId('quiz-result')).toHaveText('Bestået med 100 %.');
  await expect(questions.nth(0).getByTestId('question-outcome')).toContainText('Forklaring: Et standup holdes under et kvarter.');
  await expect(learner.getByTestId('course-completed')).toHaveText('Tillykke! Du har gennemført kurset.');
  await expect(learner.getByText('100 % gennemført').first()).toBeVisible();

  // Having started the course, the learner reviews it and can change the review later.
  const reviewForm = learner.getByTestId('course-review');
  await reviewForm.getByRole('button', { name: 'Gem anmeldelse' }).click();
  await expect(reviewForm.getByRole('alert')).toHaveText('Vælg en bedømmelse fra 1 til 5 stjerner.');
  await reviewForm.getByLabel('4 stjerner').check({ force: true });
  await reviewForm.getByLabel('Kommentar (valgfri)').fill('Konkret og kort.');
  await reviewForm.getByRole('button', { name: 'Gem anmeldelse' }).click();
  await expectToast(learner, 'Tak for din anmeldelse');
  await expect(reviewForm.getByRole('heading', { name: 'Din anmeldelse' })).toBeVisible();
  await learner.reload();
  await expect(learner.getByTestId('course-review').getByLabel('4 stjerner')).toBeChecked();
  await expect(learner.getByTestId('course-review').getByLabel('Kommentar (valgfri)')).toHaveValue('Konkret og kort.');
  await learner.goto(`/courses/${course.slug}`);
  await expect(learner.getByText('4,0 af 5 (1 anmeldelse)')).toBeVisible();
  await learner.goBack();
  await expect(learner.getByTestId('course-review')).toBeVisible();

  // The top bar's logo takes a learner to their learning, which shows the course done.
  await navigation(learner).getByRole('link', { name: 'Kursa – Min læring' }).click();
  await expect(learner).toHaveURL('/learn');
  const card = learner.getByTestId('learning-card').filter({ hasText: title });
  await expect(card).toContainText('100 % gennemført');
  await expect(card).toContainText('2 af 2 lektioner');
  await expect(card).toContainText('Gennemført');
  await (await settledAxe(learner)).analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));
  await context.close();
});
