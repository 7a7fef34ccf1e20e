import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_LEARNER } from '../../src/shared/demo.ts';
import type { TCreatorDraft } from '../../src/shared/schemas/creator-drafts.ts';
import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { DEMO_ACCOUNT, fillLogin, navigation, uniqueEmail } from './support.ts';
import { logIn, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * The AI course creator is a page of the workspace: reached from the sidebar of an admin or an
 * instructor, its wizard at the top of the screen, one way forward in each step, drafts opened
 * there (old /course-creator?draft= links too); the public /course-creator leads into it.
 */

const SIDEBAR = { da: ['AI-kursusskaber', 'Assistenter'], en: ['AI Course Creator', 'Assistants'] } as const;
/** The buttons that read "next": the wizard's Next Step and the questionnaire's Next. */
const NEXT = /^(Næste|Next)( trin| Step)?$/;

const sidebar = (page: Page) => page.getByRole('navigation', { name: /^(Arbejdsområde|Workspace)$/ });
const wizard = (page: Page) => page.getByTestId('creator-wizard');
const forwardButtons = (page: Page) => wizard(page).getByRole('button', { name: NEXT });

// One company for the spec (registrations are throttled per address), with an instructor invited.
let company: { context: BrowserContext; admin: Page } | undefined;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ locale: 'da-DK' });
  const admin = await context.newPage();
  await registerThroughApi(admin, uniqueEmail('creator-company'), 'creator-admin-pass-1');
  company = { context, admin };
});
test.afterAll(async () => {
  await company?.context.close();
});

/** A new instructor of the spec's company, invited and signed in on `page`. */
async function instructorOn(page: Page): Promise<void> {
  const email = uniqueEmail('creator-instructor');
  const before = mailCount();
  const invited = await company!.admin.request.post('/api/invitations', { data: { email, role: 'instructor' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = /\/invite\/([\w-]+)/.exec((await nextMailTo(email, before)).text)![1]!;
  const accepted = await page.request.post(`/api/invitations/${token}/accept`, {
    data: { contactName: 'Ida Instruktør', password: 'creator-pass-123', confirmPassword: 'creator-pass-123' },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
}

/** A saved draft of the signed-in user, left at the concept step with its fields filled. */
async function savedDraft(page: Page): Promise<TCreatorDraft> {
  const created = await page.request.post('/api/course-creator/drafts', {
    data: {
      language: 'da',
      mode: 'ai',
      step: 1,
      course_context: { industry: 'Lagerarbejde', target_audience: 'Nye lagermedarbejdere', title: 'Sikre løft' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as TCreatorDraft;
}

async function expectTopOfScreen(page: Page): Promise<void> {
  const viewport = page.viewportSize()!;
  for (const part of [wizard(page).getByTestId('step-indicator'), page.getByTestId('step-heading'), page.getByTestId('start-ai')]) {
    await expect(part).toBeVisible();
    const found = await part.boundingBox();
    expect(found, 'a box').not.toBeNull();
    expect(found!.y + found!.height, `${await part.textContent()} within the first screen`).toBeLessThan(viewport.height);
  }
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an instructor reaches the creator from the sidebar, and its first step is on the first screen (${size.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await usePreferences(page, { language: 'da', theme: 'light' });
    await instructorOn(page);
    await page.goto('/dashboard');
    if (size.width < 1024) {
      await navigation(page).getByRole('button', { name: 'Åbn menu' }).click();
      await page.getByRole('dialog', { name: 'Arbejdsområde' }).getByRole('link', { name: 'AI-kursusskaber', exact: true }).click();
    } else {
      await sidebar(page).getByRole('link', { name: 'AI-kursusskaber', exact: true }).click();
    }
    await expect(page).toHaveURL('/dashboard/creator');
    await expect(page.getByRole('heading', { level: 1, name: 'AI-kursusskaber' })).toBeVisible();
    // The move takes the focus into the page, as every workspace page does.
    await expect(page.locator('main')).toBeFocused();
    await expect(page.getByTestId('step-heading')).toHaveText('Start');
    await expectTopOfScreen(page);
    // Nothing of the public page above or around it.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByTestId('creator-figures')).toHaveCount(0);
    // Loaded directly, the same.
    await page.reload();
    await expectTopOfScreen(page);
  });
}

test('each step has exactly one way forward; the questionnaire is skipped by a quiet button that says so (da, dark), and passes axe', async ({
  page,
}) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await instructorOn(page);
  await page.goto('/dashboard/creator');
  await expect(page.getByTestId('step-heading')).toHaveText('Start');
  await expect(forwardButtons(page)).toHaveCount(1);
  await expect(forwardButtons(page)).toHaveText('Næste trin');

  // The AI start: the questionnaire's Næste is the one forward; the frame offers to skip the questions instead.
  await wizard(page).getByRole('button', { name: 'Start med AI' }).click();
  await expect(page.getByTestId('questionnaire-progress')).toHaveText('Spørgsmål 1 af 8');
  await expect(forwardButtons(page)).toHaveCount(1);
  await expect(forwardButtons(page)).toHaveText('Næste');
  const skip = wizard(page).getByRole('button', { name: 'Spring spørgsmålene over' });
  await expect(skip).toBeVisible();
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await skip.click();
  await expect(page.getByTestId('step-heading')).toHaveText('Kursuskoncept');
  await expect(page.getByTestId('step-heading')).toBeFocused();

  for (const title of ['Kursuskoncept', 'Indholdsoversigt', 'Indhold', 'Indsigt', 'Lancering']) {
    await expect(page.getByTestId('step-heading')).toHaveText(title);
    await expect(forwardButtons(page), title).toHaveCount(1);
    if (title !== 'Lancering') await forwardButtons(page).click();
  }
  // The last step's forward is there, and leads nowhere.
  await expect(forwardButtons(page)).toBeDisabled();
});

test('English: one Next per step and the skip is named as one (en, light), and passes axe', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await logIn(page);
  await page.goto('/dashboard/creator');
  await expect(forwardButtons(page)).toHaveText('Next Step');
  await wizard(page).getByRole('button', { name: 'Start with AI' }).click();
  await expect(forwardButtons(page)).toHaveCount(1);
  await expect(forwardButtons(page)).toHaveText('Next');
  await expect(wizard(page).getByRole('button', { name: 'Skip the questions' })).toBeVisible();
  // The light theme's contrast too (the Danish test above is dark).
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a draft link opens the draft in the workspace, and an old /course-creator?draft= address lands there too', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await instructorOn(page);
  const draft = await savedDraft(page);

  await page.goto(`/dashboard/creator?draft=${draft.id}`);
  await expect(page.getByTestId('step-heading')).toHaveText('Kursuskoncept');
  await expect(page.getByLabel('Branche / fagområde')).toHaveValue('Lagerarbejde');
  await expect(page.getByLabel('Arbejdstitel (valgfri)')).toHaveValue('Sikre løft');
  await expect(sidebar(page).getByRole('link', { name: 'AI-kursusskaber', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.goto(`/course-creator?draft=${draft.id}`);
  await expect(page).toHaveURL(`/dashboard/creator?draft=${draft.id}`);
  await expect(page.getByTestId('step-heading')).toHaveText('Kursuskoncept');
  await expect(page.getByLabel('Målgruppe')).toHaveValue('Nye lagermedarbejdere');

  // The dashboard's "continue where you left off" on the start step opens it here as well.
  await page.goto('/dashboard/creator');
  await page.getByTestId('resume-drafts').getByRole('button', { name: 'Fortsæt: Sikre løft' }).click();
  await expect(page.getByTestId('step-heading')).toHaveText('Kursuskoncept');
  await expect(page).toHaveURL(`/dashboard/creator?draft=${draft.id}`);
});

test("a visitor's call to action on /course-creator goes through the login to the creator in the workspace", async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await page.goto('/course-creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Fra idé til færdigt kursus med AI' })).toBeVisible();
  // The public page presents the creator: no wizard on it, and its hero leads there too.
  await expect(page.getByTestId('step-heading')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Åbn kursusskaberen' })).toHaveAttribute('href', '/dashboard/creator');
  await page.getByTestId('creator-start').click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await fillLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page).toHaveURL('/dashboard/creator');
  // The call to action asked for the AI start: the questionnaire is there.
  await expect(page.getByTestId('wizard-mode')).toHaveText('Med AI');
  await expect(page.getByTestId('questionnaire-progress')).toHaveText('Spørgsmål 1 af 8');

  // A tool of the public page opens its step.
  await page.goto('/course-creator');
  await page.getByTestId('ai-tools').getByRole('link', { name: 'Konceptgenerator', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/creator');
  await expect(page.getByTestId('step-heading')).toHaveText('Kursuskoncept');
});

test('the sidebar has the AI course creator and the assistants for an admin and an instructor, not for a learner', async ({
  page,
  browser,
}) => {
  for (const language of ['da', 'en'] as const) {
    const context = await browser.newContext();
    const admin = await context.newPage();
    await usePreferences(admin, { language });
    await logIn(admin);
    await admin.goto('/dashboard');
    for (const name of SIDEBAR[language]) await expect(sidebar(admin).getByRole('link', { name, exact: true })).toBeVisible();
    await context.close();
  }

  // The assistants' page is checked in the dark theme.
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await instructorOn(page);
  await page.goto('/dashboard');
  for (const name of SIDEBAR.da) await expect(sidebar(page).getByRole('link', { name, exact: true })).toBeVisible();
  // The assistants: the three of them, each with a chat that opens in the top bar.
  await sidebar(page).getByRole('link', { name: 'Assistenter', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/assistants');
  await expect(page.getByRole('heading', { level: 1, name: 'Assistenter' })).toBeVisible();
  for (const name of ['Learning Coach', 'Creative Designer', 'Research Analyst'])
    await expect(page.getByRole('group', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'AI-kursusskaber', exact: true }).last()).toHaveAttribute('href', '/dashboard/creator');
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const response = await learner.request.post('/api/login', { data: { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password } });
  expect(response.status()).toBe(200);
  await learner.goto('/learn');
  await expect(sidebar(learner).getByRole('link').first()).toBeVisible();
  for (const name of [...SIDEBAR.da, ...SIDEBAR.en]) await expect(sidebar(learner).getByRole('link', { name, exact: true })).toHaveCount(0);
  // Nor is the page theirs: the creator sends a learner to their learning.
  await learner.goto('/dashboard/creator');
  await expect(learner).toHaveURL('/learn');
  await learnerContext.close();
});

test("Analyser's AI insight opens the creator's insights step, where a course of the company is chosen", async ({ page }) => {
  await logIn(page);
  await page.goto('/dashboard/analytics');
  await page.getByRole('link', { name: 'Få AI-indsigt' }).click();
  await expect(page).toHaveURL('/dashboard/creator');
  await expect(page.getByTestId('step-insights')).toBeVisible();
  await expect(page.getByTestId('step-insights').getByRole('combobox').first()).toBeVisible();
});
