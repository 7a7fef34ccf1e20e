import type { APIRequestContext } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { publishCourse } from './published-course.ts';
import { expectToast, uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Learning paths in the browser: an admin puts two courses in order on a path and assigns it to a
 * learner; the learner sees it on /learn, takes the courses, and verifies the path's certificate.
 */

/** Completes the published test course (its text lesson, and its quiz answered right) as the learner. */
async function takeCourse(request: APIRequestContext, course: TCourse) {
  const [text, quiz] = course.modules[0]!.lessons;
  expect((await request.post(`/api/learning/${course.id}/lessons/${text!.id}/complete`)).status()).toBe(200);
  const attempt = await request.post(`/api/learning/${course.id}/lessons/${quiz!.id}/attempts`, {
    data: { answers: { q1: ['a'], q2: 'dagsorden' } },
  });
  expect(attempt.status(), await attempt.text()).toBeLessThan(300);
}

test('an admin orders courses on a path and assigns it; the learner takes it and verifies its certificate', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('paths-admin'), 'paths-admin-pass-1');
  const welcome = await publishCourse(page, 'Velkommen til huset');
  const safety = await publishCourse(page, 'Sikkerhed på lageret');
  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'paths-learner');
  await usePreferences(learner, { language: 'da', theme: 'dark' });

  // The admin finds the paths in the sidebar and makes one of the two courses.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Arbejdsområde' }).getByRole('link', { name: 'Læringsforløb' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Læringsforløb' })).toBeVisible();
  await expect(page.getByText('Ingen læringsforløb endnu')).toBeVisible();
  await page.getByRole('button', { name: 'Nyt læringsforløb' }).click();
  const form = page.getByRole('dialog', { name: 'Nyt læringsforløb' });
  await form.getByLabel('Titel').fill('Onboarding');
  await form.getByLabel('Beskrivelse (valgfri)').fill('Dine første uger hos os');
  await form.getByLabel('Tilføj kursus').selectOption({ label: 'Sikkerhed på lageret' });
  await form.getByRole('button', { name: 'Tilføj', exact: true }).click();
  await form.getByLabel('Tilføj kursus').selectOption({ label: 'Velkommen til huset' });
  await form.getByRole('button', { name: 'Tilføj', exact: true }).click();
  // Welcome first: moved up with the keyboard.
  await form.getByRole('button', { name: 'Flyt Velkommen til huset op' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('path-courses').getByRole('listitem')).toHaveText([/Velkommen til huset/, /Sikkerhed på lageret/]);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Gem læringsforløb' }).click();
  await expectToast(page, 'Onboarding er gemt');
  // Focus is back on the button that opened the form.
  await expect(page.getByRole('button', { name: 'Nyt læringsforløb' })).toBeFocused();
  const card = page.getByTestId('path-card').filter({ hasText: 'Onboarding' });
  await expect(card.getByText('2 kurser · 0 personer · 0 har gennemført')).toBeVisible();
  await expectNoAxeViolations(page);

  // Assigned to Lise with a due date.
  await card.getByRole('button', { name: 'Kursister i Onboarding' }).click();
  await page.getByRole('dialog', { name: 'Kursister i Onboarding' }).getByRole('button', { name: 'Tildel forløbet' }).click();
  const assign = page.getByRole('dialog', { name: 'Tildel Onboarding' });
  await assign.getByTestId('assign-members').getByText('Lise Læring').click();
  await assign.getByLabel('Frist (valgfri)').fill('2031-06-30');
  await assign.getByRole('button', { name: 'Tildel læringsforløb' }).click();
  // Back on the list of learners, Lise is on it, due then.
  const learners = page.getByRole('dialog', { name: 'Kursister i Onboarding' });
  await expect(learners.getByRole('button', { name: 'Tildel forløbet' })).toBeFocused();
  await expect(learners.getByRole('row', { name: /Lise Læring/ }).getByText('0 af 2')).toBeVisible();
  await expect(learners.getByRole('row', { name: /Lise Læring/ }).getByText('30. jun. 2031')).toBeVisible();
  await learners.getByRole('button', { name: 'Luk' }).click();
  await expect(card.getByRole('button', { name: 'Kursister i Onboarding' })).toBeFocused();
  await expect(card.getByText('2 kurser · 1 person · 0 har gennemført')).toBeVisible();

  // Lise sees the path on /learn, in order, with the first course next.
  await learner.goto('/learn');
  const mine = learner.getByTestId('my-path').filter({ hasText: 'Onboarding' });
  await expect(mine.getByText('0 af 2 kurser gennemført')).toBeVisible();
  await expect(mine.getByText('Frist 30. juni 2031')).toBeVisible();
  await expect(mine.getByRole('list', { name: 'Kurserne i Onboarding' }).getByRole('listitem')).toHaveText([
    /Velkommen til huset.*Næste/,
    /Sikkerhed på lageret/,
  ]);
  await expect(mine.getByRole('link', { name: 'Åbn Velkommen til huset' })).toHaveAttribute('href', `/learn/${welcome.id}`);
  await expectNoAxeViolations(learner);

  await takeCourse(learner.request, welcome);
  await learner.reload();
  await expect(mine.getByText('1 af 2 kurser gennemført')).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Åbn Sikkerhed på lageret' })).toBeVisible();

  await takeCourse(learner.request, safety);
  await learner.reload();
  await expect(mine.getByText('2 af 2 kurser gennemført')).toBeVisible();
  await expect(mine.getByText(/^Gennemført \d/)).toBeVisible();
  await mine.getByRole('link', { name: 'Se kursusbevis for forløbet' }).click();
  await expect(learner.getByRole('heading', { name: 'Ægte kursusbevis' })).toBeVisible();
  await expect(learner.getByText('Læringsforløb', { exact: true })).toBeVisible();
  await expect(learner.getByText('Onboarding', { exact: true })).toBeVisible();
  await expectNoAxeViolations(learner);
  // Among her certificates, beside the courses' own.
  await learner.goto('/certificates');
  const certificates = learner.getByRole('list', { name: 'Kursusbeviser' });
  await expect(
    certificates.getByRole('listitem').filter({ hasText: 'Læringsforløb' }).getByRole('heading', { name: 'Onboarding' }),
  ).toBeVisible();
  await expect(certificates.getByRole('heading', { name: 'Velkommen til huset' })).toBeVisible();

  // The admin sees Lise finished.
  await page.reload();
  await expect(card.getByText('2 kurser · 1 person · 1 har gennemført')).toBeVisible();
  await card.getByRole('button', { name: 'Kursister i Onboarding' }).click();
  const row = page.getByTestId('path-people').getByRole('row', { name: /Lise Læring/ });
  await expect(row.getByText('2 af 2')).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
