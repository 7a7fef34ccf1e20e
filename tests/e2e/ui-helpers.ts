import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS, type Language } from '../../src/shared/constants.ts';
import { freshCvr } from '../helpers/cvr.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { DEMO_ACCOUNT, uniqueEmail } from './support.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Theme and language as a returning visitor has saved them, applied before the page's first paint. */
export async function usePreferences(page: Page, prefs: { language?: Language; theme?: 'dark' | 'light' }): Promise<void> {
  await page.addInitScript(
    ([keys, saved]) => {
      if (saved.language) localStorage.setItem(keys.language, saved.language);
      if (saved.theme) localStorage.setItem(keys.theme, saved.theme);
    },
    [STORAGE_KEYS, prefs] as const,
  );
}

export async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found as Box;
}

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Logs in through the API; the page's browser context keeps the session cookie. */
export async function logIn(page: Page, email = DEMO_ACCOUNT.email, password: string = DEMO_ACCOUNT.password): Promise<void> {
  const response = await page.request.post('/api/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Registers a new company through the API (the browser keeps the session cookie). */
export async function registerThroughApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/register', {
    data: {
      companyName: 'MAGENTA ApS',
      cvrNumber: freshCvr(),
      contactName: 'Ulla Interface',
      email,
      phone: '+45 33 12 34 56',
      address: 'Pilestræde 43',
      city: 'København K',
      postalCode: '1112',
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The id of the person logged in on `page`. */
export async function myId(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/me')).json()) as { id: string }).id;
}

/** A learner, Lise Læring, of the company of the admin on `page`: invited by mail and logged in in a browser of their own. */
export async function invitedLearner(
  page: Page,
  browser: Browser,
  baseURL: string,
  prefix = 'learner',
): Promise<{ context: BrowserContext; learner: Page; id: string }> {
  const email = uniqueEmail(prefix);
  const before = mailCount();
  const invited = await page.request.post('/api/invitations', { data: { email, role: 'learner', contactName: 'Lise Læring' } });
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  const token = /\/invite\/([\w-]+)/.exec((await nextMailTo(email, before)).text)![1]!;
  const context = await browser.newContext({ baseURL });
  const learner = await context.newPage();
  const accepted = await learner.request.post(`/api/invitations/${token}/accept`, {
    data: { contactName: 'Lise Læring', password: 'lise-pass-123', confirmPassword: 'lise-pass-123' },
  });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  return { context, learner, id: await myId(learner) };
}
