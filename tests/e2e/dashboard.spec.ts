import { settledAxe } from './axe.ts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import type { TInstructorStats } from '../../src/shared/schemas/dashboard.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { publishCourse } from './published-course.ts';
import { expectToast, openSection, uniqueEmail } from './support.ts';
import { logIn, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * In the browser: the instructor dashboard and the profile's Statistikker on real data.
 * A new company publishes a course; a learner invited by mail enrols, completes it and reviews it
 * through the API; the dashboard then shows those figures, the activity, the student and the
 * analytics, every quick action works, an assignment reaches a second learner's /learn, and the
 * demo admin's dashboard shows the figures the API gives — in both languages and both themes.
 */

const axeClean = async (page: Page) =>
  expect((await (await settledAxe(page)).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );
const lazyDataRequests = (urls: string[]) => urls.filter((url) => /\/api\/instructors\/[^/]+\/(students|analytics)/.test(url));

/** Invites `email` as a learner, who accepts in a browser context of their own (logged in there). */
async function invitedLearner(
  admin: Page,
  browser: Browser,
  email: string,
  name: string,
): Promise<{ page: Page; request: APIRequestContext; close: () => Promise<void> }> {
  const before = mailCount();
  expect((await admin.request.post('/api/invitations', { data: { email, role: 'learner' } })).status()).toBe(201);
  const token = /\/invite\/([\w-]+)/.exec((await nextMailTo(email, before)).text)![1]!;
  const context = await browser.newContext();
  const page = await context.newPage();
  const accepted = await page.request.post(`/api/invitations/${token}/accept`, {
    data: { contactName: name, password: 'learner-pass-1', confirmPassword: 'learner-pass-1' },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return { page, request: page.request, close: () => context.close() };
}

/** The learner takes the whole course through the API: enrols, reads the text, passes the quiz, reviews it. */
async function takeAndReview(request: APIRequestContext, course: TCourse, slug: string) {
  const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>) =>
    expect(response.status(), await response.text()).toBeLessThan(300);
  // A view of the course's page, as the catalogue records it (the dashboard's views).
  await ok(await request.get(`/api/catalogue/${slug}`));
  await ok(await request.post(`/api/courses/${course.id}/enrol`));
  const [text, quiz] = course.modules[0]!.lessons;
  await ok(await request.post(`/api/learning/${course.id}/lessons/${text!.id}/complete`));
  await ok(
    await request.post(`/api/learning/${course.id}/lessons/${quiz!.id}/attempts`, { data: { answers: { q1: ['a'], q2: 'dagsorden' } } }),
  );
  await ok(await request.put(`/api/courses/${course.id}/review`, { data: { rating: 4, comment: 'Meget brugbart til mandagsmødet' } }));
}

test('the instructor dashboard shows the real figures, activity, students and analytics, and every quick action works', async ({
  page,
  browser,
  context,
}) => {
  test.slow();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await registerThroughApi(page, uniqueEmail('dash-admin'), 'dash-admin-pass-1');
  const title = `Gode møder ${Date.now().toString(36)}`;
  const course = await publishCourse(page, title);
  const lea = await invitedLearner(page, browser, uniqueEmail('dash-lea'), 'Lea Lærling');
  const bo = await invitedLearner(page, browser, uniqueEmail('dash-bo'), 'Bo Bruger');
  await takeAndReview(lea.request, course, course.slug);

  // Stat cards and the recent activity (Danish, dark: the defaults).
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-courses')).toHaveText('1');
  await expect(page.getByTestId('stat-students')).toHaveText('1');
  await expect(page.getByTestId('stat-revenue')).toHaveText(/^0\skr\.$/);
  await expect(page.getByTestId('stat-completion')).toHaveText(/^100\s%$/);
  // How they moved: the enrolment and the completion are this month's, none the month before.
  await expect(page.getByTestId('trend-enrolments')).toHaveText('1 tilmelding de seneste 30 dage (0 de 30 dage før)');
  await expect(page.getByTestId('trend-completions')).toHaveText('1 gennemførelse de seneste 30 dage (0 de 30 dage før)');
  await expect(page.getByText('Forskellige kursister tilmeldt dine kurser')).toBeVisible();
  const activity = page.getByTestId('activity-item');
  await expect(activity.filter({ hasText: `Lea Lærling tilmeldte sig ${title}` })).toHaveAttribute('data-type', 'enrollment');
  await expect(activity.filter({ hasText: `Lea Lærling gennemførte ${title}` })).toHaveAttribute('data-type', 'completion');
  const review = activity.filter({ hasText: `Lea Lærling anmeldte ${title}` });
  await expect(review).toContainText('4/5 · Meget brugbart til mandagsmødet');
  // Moments ago, said in words (how many depends on how long the set-up took).
  await expect(review.locator('time')).toHaveText(/^(nu|for \d+ minut(ter)? siden)$/);
  // Personer and Analyser have asked for nothing yet: they load their data when opened.
  expect(lazyDataRequests(requests)).toEqual([]);
  await axeClean(page);

  // Answer questions: learners' questions (none yet), and the reviews a tab away.
  await page.getByRole('button', { name: 'Besvar spørgsmål' }).click();
  const reviews = page.getByRole('dialog', { name: 'Besvar spørgsmål' });
  await expect(reviews.getByText('Ingen spørgsmål endnu.', { exact: false })).toBeVisible();
  await reviews.getByRole('tab', { name: 'Anmeldelser fra kursister' }).click();
  const item = reviews.getByTestId('review-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('img', { name: '4 af 5 stjerner' })).toBeVisible();
  await expect(item).toContainText(title);
  await expect(item).toContainText('Meget brugbart til mandagsmødet');
  await expect(item).toContainText('Af Lea Lærling');
  await axeClean(page);
  await reviews.getByRole('button', { name: 'Luk' }).click();

  // Share course: the course's public page goes to the clipboard, with a toast that says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Del kursus' }).click();
  const share = page.getByRole('dialog', { name: 'Del kursus' });
  const link = `http://localhost:${process.env.E2E_PORT ?? '5055'}/courses/${course.slug}`;
  await expect(share.getByLabel('Link til kurset')).toHaveValue(link);
  await share.getByRole('button', { name: 'Kopiér link' }).click();
  await expect(share).toBeHidden();
  await expectToast(page, 'URL kopieret');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // When the browser refuses, the link is selected in its field, and the dialog says so.
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    }),
  );
  await page.getByRole('button', { name: 'Del kursus' }).click();
  await share.getByRole('button', { name: 'Kopiér link' }).click();
  await expect(share.getByRole('alert')).toContainText('Browseren tillod ikke at kopiere');
  await expect(share.getByLabel('Link til kurset')).toBeFocused();
  expect(
    await share
      .getByLabel('Link til kurset')
      .evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)),
  ).toBe(link);
  await share.getByRole('button', { name: 'Luk' }).click();

  // Create course: the create dialog that opens the builder.
  await page.getByRole('button', { name: 'Opret kursus', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Opret et nyt kursus' })).toBeVisible();
  await page.keyboard.press('Escape');

  // View analytics: the Analyser page of the sidebar; it loads only now, with its chart.
  await page.getByRole('button', { name: 'Se analyser' }).click();
  await expect(page).toHaveURL('/dashboard/analytics');
  await expect(page.getByRole('link', { name: 'Analyser', exact: true })).toHaveAttribute('aria-current', 'page');
  const summary = page.getByTestId('analytics-summary');
  await expect(summary).toContainText('Gennemførelser1');
  await expect(summary).toContainText('Sidevisninger1');
  const row = page.getByTestId('performance-table').getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell')).toHaveText(['1', /^1 \(100\s%\)$/, /^100\s%$/, /^0\skr\.$/, '4', '1']);
  await expect(page.getByRole('columnheader', { name: 'Visninger (30 dage)' })).toBeVisible();
  const chart = page.getByRole('img', { name: /^Diagram over tilmeldinger og gennemførelser pr\. dag de seneste 30 dage$/ });
  await expect(chart.locator('.recharts-line-curve')).toHaveCount(2);
  await expect(page.getByTestId('analytics-chart-summary')).toContainText('De seneste 30 dage i alt: tilmeldinger 1, gennemførelser 1.');
  expect(lazyDataRequests(requests).some((url) => url.includes('/analytics'))).toBe(true);
  await page.getByRole('button', { name: '90 dage' }).click();
  await expect(page.getByRole('heading', { name: 'Tilmeldinger og gennemførelser, seneste 90 dage' })).toBeVisible();
  // AI insight into a course's figures: the creator's insights step, where the course is chosen.
  await expect(page.getByRole('link', { name: 'Få AI-indsigt' })).toHaveAttribute('href', '/dashboard/creator?step=insights');
  await axeClean(page);
  // Back returns to Overblik.
  await page.goBack();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('link', { name: 'Oversigt', exact: true })).toHaveAttribute('aria-current', 'page');
  expect(lazyDataRequests(requests).some((url) => url.includes('/students'))).toBe(false);

  // Personer: the learner, asked for when the page opens.
  await openSection(page, 'Personer');
  const student = page.getByTestId('student-card').filter({ hasText: 'Lea Lærling' });
  await expect(student).toContainText('MAGENTA ApS');
  await expect(student).toContainText('Gennemsnitlig fremgang: 100 %');
  await expect(student.getByRole('link', { name: /^dash-lea-/ })).toBeVisible();
  expect(lazyDataRequests(requests).some((url) => url.includes('/students'))).toBe(true);
  await axeClean(page);

  // Mine Kurser: the card's figures, and assigning the course to Bo with a due date.
  await openSection(page, 'Kurser');
  const card = page.getByTestId('course-card').filter({ hasText: title });
  await expect(card).toContainText('Udgivet');
  await expect(card).toContainText('4 (1 anmeldelse)');
  await expect(card).toContainText('1 af 1 har gennemført (100 %)');
  await expect(card.getByRole('progressbar', { name: `Gennemførelse: ${title}` })).toHaveAttribute('aria-valuenow', '100');
  await axeClean(page);
  await card.getByRole('button', { name: `Tildel ${title} til medlemmer` }).click();
  const assign = page.getByRole('dialog', { name: `Tildel ${title}` });
  await assign.getByRole('button', { name: 'Tildel kursus' }).click();
  await expect(assign.getByRole('alert')).toHaveText('Vælg mindst ét medlem.');
  const due = new Date(Date.now() + 14 * 86_400_000);
  const dueField = `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
  await assign.getByRole('checkbox', { name: /Bo Bruger/ }).focus();
  await page.keyboard.press('Space');
  await expect(assign.getByRole('checkbox', { name: /Bo Bruger/ })).toBeChecked();
  await assign.getByLabel('Frist (valgfri)').fill(dueField);
  await axeClean(page);
  await assign.getByRole('button', { name: 'Tildel kursus' }).click();
  await expectToast(page, `${title} er tildelt`);
  await expect(page.getByRole('region', { name: /Notifikationer/ }).getByText('1 medlem har fået kurset.', { exact: true })).toBeVisible();
  await expect(assign).toBeHidden();
  await bo.page.goto('/learn');
  const dueText = due.toLocaleDateString('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });
  await expect(bo.page.getByTestId('learning-card').filter({ hasText: title })).toContainText(`Frist ${dueText}`);
  // The admin's company overview, in Indstillinger: the admin and two learners, both learners' seats.
  await page.goto('/dashboard/settings');
  const overview = page.getByTestId('organisation-overview');
  await expect(overview).toContainText('1 administrator · 0 instruktører · 2 kursister');
  await expect(overview).toContainText('2 af 1.000');
  await expect(overview).toContainText('Tildelte kurser1');
  await axeClean(page);
  await page.goto('/dashboard');

  // Upload content: choose the course and a video; the builder opens where a video lesson is added.
  await page.getByRole('button', { name: 'Upload indhold' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload indhold' });
  await expect(upload.getByRole('radio', { name: new RegExp(title) })).toBeChecked();
  await upload.getByRole('radio', { name: /Video \(ny lektion\)/ }).check();
  await upload.getByRole('button', { name: 'Åbn i byggeren' }).click();
  await expect(page).toHaveURL(`/dashboard/courses/${course.id}`);
  const module = page.getByTestId('outline-module').first();
  await expect(module.getByLabel('Type')).toHaveValue('video');
  await expect(module.getByLabel('Ny lektion')).toBeFocused();

  // And the cover image: the builder opens on its settings, the cover's file field focused once the
  // settings form (loaded on demand) is there.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upload indhold' }).click();
  await upload.getByRole('radio', { name: /Forsidebillede/ }).check();
  await upload.getByRole('button', { name: 'Åbn i byggeren' }).click();
  await expect(page).toHaveURL(`/dashboard/courses/${course.id}?tab=settings`);
  await expect(page.getByRole('tab', { name: 'Indstillinger' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Upload et billede')).toBeFocused();

  // The profile's Statistikker: the same real figures (Bo's assignment made two students).
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Statistikker' }).click();
  await expect(page.getByTestId('profile-stat-courses')).toHaveText('1');
  await expect(page.getByTestId('profile-stat-students')).toHaveText('2');
  await expect(page.getByTestId('profile-stat-rating')).toHaveText('4');
  await expect(page.getByTestId('profile-stat-revenue')).toHaveText(/^0\skr\.$/);
  await axeClean(page);

  // A learner's Statistikker are their learning; their /dashboard leads to it.
  await lea.page.goto('/profile');
  await lea.page.getByRole('tab', { name: 'Statistikker' }).click();
  await expect(lea.page.getByTestId('profile-stat-enrolled')).toHaveText('1');
  await expect(lea.page.getByTestId('profile-stat-completed')).toHaveText('1');
  await expect(lea.page.getByTestId('profile-stat-inProgress')).toHaveText('0');
  await expect(lea.page.getByTestId('profile-stat-progress')).toHaveText(/^100\s%$/);
  await lea.page.goto('/dashboard');
  await expect(lea.page.getByRole('heading', { name: 'Dashboardet er for instruktører og administratorer' })).toBeVisible();
  await expect(lea.page.getByRole('tab')).toHaveCount(0);
  await axeClean(lea.page);
  await lea.page.getByRole('link', { name: 'Gå til »Min læring«' }).click();
  await expect(lea.page).toHaveURL('/learn');
  await lea.close();
  await bo.close();
});

const LOOKS = [
  { language: 'en', theme: 'light' },
  { language: 'da', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const;

const WORDS = {
  en: {
    courses: 'Courses',
    people: 'People',
    settings: 'Settings',
    analytics: 'Analytics',
    noStudents: 'No learners yet',
    chart: /^Chart of enrolments and completions/,
  },
  da: {
    courses: 'Kurser',
    people: 'Personer',
    settings: 'Indstillinger',
    analytics: 'Analyser',
    noStudents: 'Ingen kursister endnu',
    chart: /^Diagram over tilmeldinger og gennemførelser/,
  },
} as const;

for (const look of LOOKS) {
  test(`on a fresh start the demo admin's dashboard shows the figures the API gives (${look.language}, ${look.theme})`, async ({
    page,
  }) => {
    await usePreferences(page, look);
    await logIn(page);
    const me = (await (await page.request.get('/api/me')).json()) as { id: string };
    const stats = (await (await page.request.get(`/api/instructors/${me.id}/stats`)).json()) as TInstructorStats;
    const locale = look.language === 'da' ? 'da-DK' : 'en';
    const number = (n: number) => new Intl.NumberFormat(locale).format(n);
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveClass(look.theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect(page.getByTestId('stat-courses')).toHaveText(number(stats.totalCourses));
    expect(stats.totalCourses).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('stat-students')).toHaveText(number(stats.totalStudents));
    await expect(page.getByTestId('stat-revenue')).toHaveText(
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'DKK', maximumFractionDigits: 0 }).format(stats.totalRevenue / 100),
    );
    await expect(page.getByTestId('stat-completion')).toHaveText(
      new Intl.NumberFormat(locale, { style: 'percent' }).format(stats.completionRate / 100),
    );
    await axeClean(page);

    const words = WORDS[look.language];
    await openSection(page, words.courses);
    await expect(page.getByTestId('course-card')).toHaveCount(stats.totalCourses);
    await axeClean(page);
    await openSection(page, words.people);
    const students = (await (await page.request.get(`/api/instructors/${me.id}/students`)).json()) as unknown[];
    if (students.length === 0) await expect(page.getByRole('heading', { name: words.noStudents })).toBeVisible();
    else await expect(page.getByTestId('student-card')).toHaveCount(students.length);
    await axeClean(page);
    await openSection(page, words.analytics);
    await expect(page.getByTestId('performance-table').locator('tbody tr')).toHaveCount(stats.totalCourses);
    await expect(page.getByRole('img', { name: words.chart }).locator('.recharts-line-curve')).toHaveCount(2);
    await axeClean(page);
    await openSection(page, words.settings);
    await expect(page.getByTestId('organisation-overview')).toBeVisible();
    await axeClean(page);
  });
}
