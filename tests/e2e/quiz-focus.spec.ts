import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { publishCourse } from './published-course.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi } from './ui-helpers.ts';

/**
 * After "Indsend svar" focus is on the result, in view also on a phone; after "Prøv igen" it is on
 * question 1, so a keyboard user neither starts over from the top of the page nor misses the score.
 */

async function openQuiz(page: Page, who: string) {
  await registerThroughApi(page, uniqueEmail(who), `${who}-pass-1`);
  const course = await publishCourse(page, `Fokus ${who} ${Date.now().toString(36)}`);
  expect((await page.request.post(`/api/courses/${course.id}/enrol`)).status()).toBe(201);
  await page.goto(`/learn/${course.id}/${course.modules[0]!.lessons[1]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tjek dig selv' })).toBeVisible();
}

async function answerWrong(page: Page) {
  const questions = page.getByTestId('quiz-question');
  await questions.nth(0).getByLabel('60').check();
  await questions.nth(1).getByRole('textbox').fill('referat');
}

test('focus moves to the result after submitting and to question 1 after Try again', async ({ page }) => {
  await openQuiz(page, 'quiz-focus');
  await answerWrong(page);
  await page.getByRole('button', { name: 'Indsend svar' }).press('Enter');
  await expect(page.getByTestId('quiz-result')).toHaveText('Ikke bestået: 0 %. Der skal 100 % til.');
  await expect(page.getByTestId('quiz-result-box')).toBeFocused();

  await page.getByRole('button', { name: 'Prøv igen' }).press('Enter');
  const first = page.getByTestId('quiz-question').nth(0);
  await expect(first.getByLabel('15')).toBeFocused();
  // The keyboard goes on from question 1: arrow keys choose its options.
  await page.keyboard.press('ArrowDown');
  await expect(first.getByLabel('60')).toBeChecked();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the result is in view after submitting, and question 1 after Try again', async ({ page }) => {
    await openQuiz(page, 'quiz-phone');
    await answerWrong(page);
    await page.getByRole('button', { name: 'Indsend svar' }).click();
    await expect(page.getByTestId('quiz-result-box')).toBeFocused();
    await expect(page.getByTestId('quiz-result')).toBeInViewport();

    await page.getByRole('button', { name: 'Prøv igen' }).click();
    await expect(page.getByTestId('quiz-question').nth(0).getByLabel('15')).toBeFocused();
    await expect(page.getByTestId('quiz-question').nth(0).getByLabel('15')).toBeInViewport();
  });
});
