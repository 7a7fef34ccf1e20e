import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { publishCourse } from './published-course.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi } from './ui-helpers.ts';

/**
 * The author chooses in the quiz editor when a learner sees the correct answers, and the player
 * keeps to it: with "when the quiz is passed" a failed attempt shows right or wrong, the chosen
 * option's feedback and the hint, never the key; the pass shows it.
 */
test('the author sets when the correct answers show; the player hides them after a failed attempt and shows them on a pass', async ({
  page,
}) => {
  test.slow();
  await registerThroughApi(page, uniqueEmail('reveal-admin'), 'reveal-admin-pass-1');
  const course = await publishCourse(page, `Svarnøglen ${Date.now().toString(36)}`);
  const quizId = course.modules[0]!.lessons[1]!.id;
  const stored = async () =>
    ((await (await page.request.get(`/api/lessons/${quizId}`)).json()) as { content: { revealAnswers?: string } }).content.revealAnswers;

  // The quiz editor: the default for a quiz is the reveal after the last attempt.
  await page.goto(`/dashboard/courses/${course.id}`);
  await page.getByRole('button', { name: /^Tjek dig selv/ }).click();
  const reveal = page.getByLabel('Vis de rigtige svar');
  await expect(reveal).toHaveValue('finished');
  await expect(reveal.locator('option:checked')).toHaveText('Efter sidste forsøg (bestået eller ingen forsøg tilbage)');
  await reveal.selectOption({ label: 'Aldrig' });
  await expect.poll(stored, { timeout: 20_000 }).toBe('never');
  await reveal.selectOption({ label: 'Når quizzen er bestået' });
  await expect.poll(stored, { timeout: 20_000 }).toBe('passed');
  await page.reload();
  await page.getByRole('button', { name: /^Tjek dig selv/ }).click();
  await expect(page.getByLabel('Vis de rigtige svar')).toHaveValue('passed');
  const builderAxe = await (await settledAxe(page)).analyze();
  expect(builderAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The company's own published course, taken in the player.
  expect((await page.request.post(`/api/courses/${course.id}/enrol`)).status()).toBe(201);
  await page.goto(`/learn/${course.id}/${quizId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tjek dig selv' })).toBeVisible();
  const questions = page.getByTestId('quiz-question');
  await questions.nth(0).getByLabel('60').check();
  await questions.nth(1).getByRole('textbox').fill('referat');
  await page.getByRole('button', { name: 'Indsend svar' }).click();
  await expect(page.getByTestId('quiz-result')).toHaveText('Ikke bestået: 0 %. Der skal 100 % til.');
  const first = questions.nth(0).getByTestId('question-outcome');
  await expect(first).toContainText('Forkert');
  await expect(first).toContainText('En time er et helt møde, ikke et standup.');
  await expect(first).toContainText('Tip: Det er kort.');
  await expect(page.getByTestId('quiz-answers-note')).toHaveText('De rigtige svar vises, når du har bestået quizzen.');
  expect(await page.content()).not.toMatch(/Et standup holdes under et kvarter|Rigtigt svar|Forklaring/);
  // Opened again, the last attempt still holds no key.
  await page.reload();
  await expect(page.getByTestId('quiz-result')).toHaveText('Ikke bestået: 0 %. Der skal 100 % til.');
  await expect(questions.nth(0).getByTestId('question-outcome')).toContainText('Tip: Det er kort.');
  expect(await page.content()).not.toMatch(/Et standup holdes under et kvarter|Rigtigt svar|Forklaring/);
  const playerAxe = await (await settledAxe(page)).analyze();
  expect(playerAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Prøv igen' }).click();
  await questions.nth(0).getByLabel('15').check();
  await questions.nth(1).getByRole('textbox').fill('dagsorden');
  await page.getByRole('button', { name: 'Indsend svar' }).click();
  await expect(page.getByTestId('quiz-result')).toHaveText('Bestået med 100 %.');
  await expect(questions.nth(0).getByTestId('question-outcome')).toContainText('Forklaring: Et standup holdes under et kvarter.');
  await expect(page.getByTestId('quiz-answers-note')).toHaveCount(0);
});
