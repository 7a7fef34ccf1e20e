import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNT } from './support.ts';
import { logIn } from './ui-helpers.ts';

/**
 * The session check must not make the browser log a failed request (GET /api/session
 * answers 200 with null when logged out; GET /api/me keeps its 401), and /login and /register
 * are for visitors who are not logged in.
 */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  // Unlike the shared fixture, failed requests count here: that is what Lighthouse reports.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

const mainHeadings = {
  '/': 'Byg kurser, der får din viden ud at arbejde',
  '/login': 'Log ind',
  '/register': 'Opret virksomhedskonto',
  '/pricing': 'Priser, der vokser med jer',
} as const;

for (const [path, heading] of Object.entries(mainHeadings)) {
  test(`a logged-out visit of ${path} logs no error and checks the session without a failing request`, async ({ page }) => {
    const problems = collectProblems(page);
    const sessionChecks: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/session') sessionChecks.push(response.status());
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(problems).toEqual([]);
    // Preloaded by index.html and used by the app: one check per page load.
    expect(sessionChecks).toEqual([200]);
  });
}

test('GET /api/me keeps its 401 for a logged-out visitor; GET /api/session says null', async ({ page }) => {
  expect((await page.request.get('/api/me')).status()).toBe(401);
  const session = await page.request.get('/api/session');
  expect(session.status()).toBe(200);
  expect(await session.json()).toBeNull();
});

/** Records whether a form field ever entered the page, so a flash of the form is caught. */
async function watchForField(page: Page, selector: string): Promise<void> {
  await page.addInitScript((watched) => {
    const flag = window as unknown as { fieldShown: boolean };
    flag.fieldShown = false;
    new MutationObserver(() => {
      if (document.querySelector(watched)) flag.fieldShown = true;
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

const fieldShown = (page: Page) => page.evaluate(() => (window as unknown as { fieldShown: boolean }).fieldShown);

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: `Velkommen tilbage, ${DEMO_ACCOUNT.contactName}` });

for (const [path, field] of [
  ['/login', '#login-email'],
  ['/register', '#register-companyName'],
] as const) {
  test(`a logged-in visitor of ${path} lands on the dashboard without seeing the form`, async ({ page }) => {
    await logIn(page);
    await watchForField(page, field);
    await page.goto(path);
    await expect(page).toHaveURL('/dashboard');
    await expect(dashboardHeading(page)).toBeVisible();
    expect(await fieldShown(page)).toBe(false);
  });
}

test('in the full app too, going to /login or /register while logged in leads to the dashboard', async ({ page }) => {
  await logIn(page);
  await watchForField(page, '#login-email, #register-companyName');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: DEMO_ACCOUNT.contactName })).toBeVisible();
  for (const path of ['/login', '/register']) {
    // Back and forward reach these pages in the running app; React Router follows popstate.
    await page.evaluate((to) => {
      window.history.pushState({ key: to }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: { key: to } }));
    }, path);
    await expect(page).toHaveURL('/dashboard');
    await expect(dashboardHeading(page)).toBeVisible();
  }
  expect(await fieldShown(page)).toBe(false);
});

test('logging in on the light /login page carries the session into the full app', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(dashboardHeading(page)).toBeVisible();
  expect(await (await page.request.get('/api/session')).json()).toMatchObject({ email: DEMO_ACCOUNT.email });
});
