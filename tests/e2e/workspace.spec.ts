import type { Page } from '@playwright/test';
import { settledAxe } from './axe.ts';
import { DEMO_LEARNER } from '../../src/shared/demo.ts';
import { expect, test } from './fixtures.ts';
import { publishCourse } from './published-course.ts';
import { navigation, uniqueEmail } from './support.ts';
import { box, intersects, logIn, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * The pages of logged-in work sit in a workspace of their own: a top bar (account menu, notifications,
 * language, theme, voice and chat) and a sidebar with the places of the person's role, a drawer on a phone;
 * none of the public site's navigation or footer.
 */

const WORDS = {
  da: {
    workspace: 'Arbejdsområde',
    admin: [
      'Oversigt',
      'Kurser',
      'Læringsforløb',
      'AI-kursusskaber',
      'Assistenter',
      'Personer',
      'Analyser',
      'Compliance',
      'Revisionslog',
      'Abonnement',
      'Indstillinger',
    ],
    learner: ['Min læring', 'Kursusbeviser', 'Find kurser', 'Notifikationer', 'Profil'],
    account: 'Konto',
    profile: 'Profil',
    frontPage: 'Gå til forsiden',
    logout: 'Log ud',
    openMenu: 'Åbn menu',
    collapse: 'Skjul menuen',
    expand: 'Vis menuen',
    chat: 'Åbn AI-chatten',
  },
  en: {
    workspace: 'Workspace',
    admin: [
      'Overview',
      'Courses',
      'Learning paths',
      'AI Course Creator',
      'Assistants',
      'People',
      'Analytics',
      'Compliance',
      'Audit log',
      'Billing',
      'Settings',
    ],
    learner: ['My learning', 'Certificates', 'Find courses', 'Notifications', 'Profile'],
    account: 'Account',
    profile: 'Profile',
    frontPage: 'Go to the front page',
    logout: 'Log out',
    openMenu: 'Open menu',
    collapse: 'Collapse the menu',
    expand: 'Expand the menu',
    chat: 'Open the AI chat',
  },
} as const;

const ADMIN_PATHS = [
  '/dashboard',
  '/dashboard/courses',
  '/paths',
  '/dashboard/creator',
  '/dashboard/assistants',
  '/dashboard/people',
  '/dashboard/analytics',
  '/compliance',
  '/audit-log',
  '/billing',
  '/dashboard/settings',
];
const LEARNER_PATHS = ['/learn', '/certificates', '/courses', '/notifications', '/profile'];
/** The public site's own places: none of them is linked from the workspace's chrome. */
const MARKETING_PATHS = ['/platform', '/courses', '/course-creator', '/ai-assistant', '/pricing', '/resources'];

const LOOKS = [
  { language: 'da', theme: 'dark' },
  { language: 'en', theme: 'light' },
] as const;

async function logInLearner(page: Page): Promise<void> {
  const response = await page.request.post('/api/login', { data: { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The workspace has no public header links and no footer; its own navigation is there instead. */
async function expectNoMarketingChrome(page: Page): Promise<void> {
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const hrefs = await navigation(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  for (const path of MARKETING_PATHS) expect(hrefs, `the top bar links to ${path}`).not.toContain(path);
}

async function expectClean(page: Page): Promise<void> {
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const look of LOOKS) {
  const w = WORDS[look.language];

  test(`an admin works from the sidebar at 1280 px: each place opens, none of the public site's chrome (${look.language}, ${look.theme})`, async ({
    page,
  }) => {
    await usePreferences(page, look);
    await logIn(page);
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: w.workspace });
    await expect(sidebar.getByRole('link')).toHaveText([...w.admin]);
    await expectNoMarketingChrome(page);
    // The overview itself, not only the frame around it, before the page is checked.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectClean(page);

    for (const [index, name] of w.admin.entries()) {
      await sidebar.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(ADMIN_PATHS[index]!);
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoMarketingChrome(page);
    }
    await expectClean(page);

    // The account menu: who is logged in, the profile, the public site, logging out; Escape closes it.
    const account = navigation(page).getByRole('button', { name: w.account });
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    const menu = navigation(page).locator(`#${await account.getAttribute('aria-controls')}`);
    await expect(menu).toContainText('Kursa Demo ApS');
    await expect(menu.getByRole('listitem')).toHaveText([w.profile, w.frontPage, w.logout]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(account).toBeFocused();
    await account.click();
    await menu.getByRole('link', { name: w.profile }).click();
    await expect(page).toHaveURL('/profile');
    // The profile is still the workspace's, though no sidebar item of an admin names it.
    await expect(sidebar).toBeVisible();

    // An old link to a dashboard tab lands on the page that holds it now.
    await page.goto('/dashboard?tab=students');
    await expect(page).toHaveURL('/dashboard/people');
  });

  test(`a learner has their own places: My learning, certificates, notifications, profile (${look.language}, ${look.theme})`, async ({
    page,
  }) => {
    await usePreferences(page, look);
    await logInLearner(page);
    await page.goto('/learn');
    const sidebar = page.getByRole('navigation', { name: w.workspace });
    await expect(sidebar.getByRole('link')).toHaveText([...w.learner]);
    for (const [index, name] of w.learner.entries()) {
      const path = LEARNER_PATHS[index]!;
      // The catalogue is the public site's page: the sidebar only leads there.
      if (path === '/courses') {
        await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
        continue;
      }
      await sidebar.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoMarketingChrome(page);
    }
    // The demo learner holds the certificate of the Danish course, shown from the API's list.
    await sidebar.getByRole('link', { name: w.learner[1], exact: true }).click();
    const certificates = (await (await page.request.get('/api/certificates')).json()) as { certificates: { courseTitle: string }[] };
    expect(certificates.certificates.length).toBeGreaterThan(0);
    const list = page.getByRole('list', { name: w.learner[1] });
    await expect(list.getByRole('listitem')).toHaveCount(certificates.certificates.length);
    await expect(list).toContainText(certificates.certificates[0]!.courseTitle);
    await expectClean(page);
    // The player, under My learning, keeps the sidebar in a drawer so the lesson has the width.
    await sidebar.getByRole('link', { name: w.learner[0], exact: true }).click();
    await page.getByTestId('learning-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/learn\/[\w-]+/);
    await expect(page.getByTestId('workspace-sidebar')).toHaveCount(0);
    await navigation(page).getByRole('button', { name: w.openMenu }).click();
    await expect(page.getByRole('dialog', { name: w.workspace }).getByRole('link', { name: w.learner[0], exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test(`on a phone the sidebar is a drawer, and nothing floats over the player, the quiz or the builder (${look.language}, ${look.theme})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await usePreferences(page, look);
    await logIn(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('workspace-sidebar')).toBeHidden();
    const openMenu = navigation(page).getByRole('button', { name: w.openMenu });
    await openMenu.click();
    const drawer = page.getByRole('dialog', { name: w.workspace });
    await expect(drawer.getByRole('navigation', { name: w.workspace }).getByRole('link')).toHaveText([...w.admin]);
    await expectClean(page);
    await drawer.getByRole('link', { name: w.admin[1], exact: true }).click();
    await expect(page).toHaveURL('/dashboard/courses');
    await expect(drawer).toBeHidden();
    // Choosing a page takes the focus to its content; Escape gives it back to the menu button.
    await expect(page.locator('main')).toBeFocused();
    await openMenu.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(openMenu).toBeFocused();
    await expectNoMarketingChrome(page);

    // The builder of a sample course: the top bar's buttons are in the bar, nothing else floats.
    await page.getByTestId('course-card').first().getByRole('link').first().click();
    await expect(page.getByTestId('builder-title')).toBeVisible();
    await expectNothingFloats(page, w.chat);

    // The learner's player and the quiz lesson.
    const learnerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const learner = await learnerContext.newPage();
    await usePreferences(learner, look);
    await logInLearner(learner);
    await learner.goto('/learn');
    await learner.getByTestId('learning-card').first().getByRole('link').first().click();
    await expect(learner.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNothingFloats(learner, w.chat);
    const { enrolments } = (await (await learner.request.get('/api/learning')).json()) as { enrolments: { courseId: string }[] };
    for (const { courseId } of enrolments) {
      const outline = (await (await learner.request.get(`/api/learning/${courseId}`)).json()) as {
        modules: { lessons: { id: string; type: string }[] }[];
      };
      const quiz = outline.modules.flatMap((module) => module.lessons).find((lesson) => lesson.type === 'quiz');
      if (!quiz) continue;
      await learner.goto(`/learn/${courseId}/${quiz.id}`);
      await expect(learner.getByRole('radio').first()).toBeVisible();
      await expectNothingFloats(learner, w.chat);
      break;
    }

    // A lesson's table scrolls sideways on a phone instead of breaking its words inside the cells.
    const withTable = await lessonTitled(learner, 'En struktur, der holder');
    await learner.goto(`/learn/${withTable.courseId}/${withTable.lessonId}`);
    const cell = learner.getByRole('cell', { name: 'Afslutning', exact: true });
    await expect(cell).toBeVisible();
    const lines = await cell.evaluate((element) => {
      const text = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode();
      const range = document.createRange();
      range.selectNodeContents(text!);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, 'the word stays whole on one line').toBe(1);
    const wrapper = learner.locator('.lesson-table').first();
    expect(await wrapper.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await learnerContext.close();
  });

  test(`the sidebar narrows to its icons and stays so (${look.language}, ${look.theme})`, async ({ page }) => {
    await usePreferences(page, look);
    await logIn(page);
    await page.goto('/dashboard');
    const sidebar = page.getByTestId('workspace-sidebar');
    const wide = await box(sidebar);
    await sidebar.getByRole('button', { name: w.collapse }).click();
    await expect.poll(async () => (await box(sidebar)).width).toBeLessThan(wide.width / 2);
    // The links keep their names for screen readers (and as tooltips).
    await expect(page.getByRole('navigation', { name: w.workspace }).getByRole('link')).toHaveText([...w.admin]);
    const main = await box(page.locator('main'));
    expect(main.x).toBeLessThan(wide.width);
    await page.reload();
    await expect(sidebar.getByRole('button', { name: w.expand })).toBeVisible();
    await sidebar.getByRole('button', { name: w.expand }).click();
    await expect.poll(async () => (await box(sidebar)).width).toBe(wide.width);
  });
}

test("the overview starts with what needs attention, from the company's data, and an item goes when the work is done", async ({ page }) => {
  await registerThroughApi(page, uniqueEmail('attention'), 'attention-pass-1');
  await page.goto('/dashboard');
  const attention = page.getByRole('region', { name: 'Kræver din opmærksomhed' });
  await expect(attention.getByTestId('attention-empty')).toHaveText('Intet venter på dig lige nu.');
  // It comes before the figures.
  expect((await box(attention)).y).toBeLessThan((await box(page.getByTestId('stat-courses'))).y);

  // A course made by hand is a draft until it is published: the list names it and leads to the builder.
  const title = `Kladde ${Date.now().toString(36)}`;
  const made = await page.request.post('/api/courses', { data: { title, description: 'Endnu ikke udgivet.' } });
  expect(made.status()).toBeLessThan(300);
  const { id } = (await made.json()) as { id: string };
  await page.reload();
  const drafts = attention.getByRole('region', { name: '1 kladde at gøre færdig' });
  await expect(drafts.getByRole('link')).toHaveCount(1);
  await expect(drafts.getByRole('link')).toContainText(title);
  await expectClean(page);
  await drafts.getByRole('link').click();
  await expect(page).toHaveURL(`/dashboard/courses/${id}`);

  // Archived, it is off the list; a published course never is on it.
  expect((await page.request.delete(`/api/courses/${id}`)).status()).toBeLessThan(300);
  await publishCourse(page, `Udgivet ${Date.now().toString(36)}`);
  await page.goto('/dashboard');
  await expect(attention.getByTestId('attention-empty')).toBeVisible();
});

test('a review to answer is on the attention list; answered in the reviews dialog, it goes, and the learner reads the answer', async ({
  page,
  browser,
}) => {
  await registerThroughApi(page, uniqueEmail('answer'), 'answer-pass-1');
  const course = await publishCourse(page, `Svar på anmeldelser ${Date.now().toString(36)}`);
  // A learner (of another company: the course is public) starts it and writes a review.
  const context = await browser.newContext();
  const learner = await context.newPage();
  await registerThroughApi(learner, uniqueEmail('reviewer'), 'reviewer-pass-1');
  expect((await learner.request.post(`/api/courses/${course.id}/enrol`)).status()).toBeLessThan(300);
  const lesson = course.modules[0]!.lessons[0]!;
  expect((await learner.request.post(`/api/learning/${course.id}/lessons/${lesson.id}/complete`)).status()).toBe(200);
  const written = await learner.request.put(`/api/courses/${course.id}/review`, { data: { rating: 3, comment: 'Gerne flere eksempler.' } });
  expect(written.status(), await written.text()).toBe(200);

  await page.goto('/dashboard');
  const attention = page.getByRole('region', { name: 'Kræver din opmærksomhed' });
  const reviews = attention.getByRole('region', { name: '1 anmeldelse at svare på' });
  await expect(reviews.getByRole('button')).toContainText('Ulla Interface gav 3 af 5');
  await reviews.getByRole('button').click();
  // The attention list opens the dialog on its reviews.
  const dialog = page.getByRole('dialog', { name: 'Besvar spørgsmål' });
  await expect(dialog.getByRole('tab', { name: 'Anmeldelser fra kursister' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Svar Ulla Interface' }).click();
  await expect(dialog.getByLabel('Dit svar til Ulla Interface')).toBeFocused();
  await dialog.getByLabel('Dit svar til Ulla Interface').fill('Tak! Der kommer to nye eksempler i næste uge.');
  await dialog.getByRole('button', { name: 'Send svar' }).click();
  await expect(dialog.getByTestId('review-reply')).toContainText('Tak! Der kommer to nye eksempler i næste uge.');
  await expectClean(page);
  await page.keyboard.press('Escape');
  await expect(attention.getByTestId('attention-empty')).toBeVisible();

  // The learner reads the answer with their own review, in the player.
  const mine = (await (await learner.request.get(`/api/courses/${course.id}/review`)).json()) as { review: { reply: string } };
  expect(mine.review.reply).toBe('Tak! Der kommer to nye eksempler i næste uge.');
  await context.close();
});

/** The course and lesson ids of the learner's lesson with this title, from the API. */
async function lessonTitled(page: Page, title: string): Promise<{ courseId: string; lessonId: string }> {
  const { enrolments } = (await (await page.request.get('/api/learning')).json()) as { enrolments: { courseId: string }[] };
  for (const { courseId } of enrolments) {
    const outline = (await (await page.request.get(`/api/learning/${courseId}`)).json()) as {
      modules: { lessons: { id: string; title: string }[] }[];
    };
    const lesson = outline.modules.flatMap((module) => module.lessons).find((item) => item.title === title);
    if (lesson) return { courseId, lessonId: lesson.id };
  }
  throw new Error(`no lesson titled ${title}`);
}

/**
 * Nothing but the top bar is fixed on the page: the voice and chat buttons are in the bar, so no
 * floating control lies over the lesson, its buttons or the builder's fields.
 */
async function expectNothingFloats(page: Page, chatName: string): Promise<void> {
  const header = await box(navigation(page));
  const chat = await box(navigation(page).getByRole('button', { name: chatName }));
  expect(intersects(chat, header) && chat.y + chat.height <= header.y + header.height).toBe(true);
  const floating = await page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.position !== 'fixed') return false;
        if (element.closest('header')) return false;
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
  expect(floating).toEqual([]);
}
