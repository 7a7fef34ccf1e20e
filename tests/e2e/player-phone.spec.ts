import { settledAxe } from './axe.ts';
import { DEMO_LEARNER } from '../../src/shared/demo.ts';
import { expect, test } from './fixtures.ts';

/** The player works on a phone — the lesson comes first, the outline folds away. */
test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the lesson is on the first screen and the outline opens and closes', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password } })).status()).toBe(
    200,
  );
  await page.goto('/learn');
  const card = page.getByTestId('learning-card').filter({ hasText: 'Leading with Purpose' });
  await card.getByRole('link', { name: /Fortsæt/ }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).toBeInViewport();
  const lessons = page.getByTestId('outline-lesson');
  await expect(lessons.first()).toBeHidden();

  const summary = page.getByText('Kursusindhold');
  await summary.click();
  await expect(lessons).toHaveCount(6);
  await expect(lessons.first()).toBeVisible();
  await expect(page.getByText('· 2 af 6')).toBeVisible();
  await (await settledAxe(page)).analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));
  await lessons.nth(3).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explaining decisions from why' })).toBeFocused();
  await expect(page).toHaveURL(/\/learn\/[\w-]+\/[\w-]+$/);
});
