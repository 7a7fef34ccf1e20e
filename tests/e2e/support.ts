import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNT } from '../../src/shared/demo.ts';
import { isWorkspacePath } from '../../src/shared/workspace-routes.ts';
import type { TCourse } from '../../src/shared/schemas/courses.ts';

export { DEMO_ACCOUNT };

/** A new address per run, so registration never collides with an earlier run's account. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The toast region (Radix, "Notifikationer (F8)"); toasts are looked for inside it. */
export async function expectToast(page: Page, title: string, options: { timeout?: number } = {}): Promise<void> {
  const region = page.getByRole('region', { name: /Notifikationer|Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible(options);
}

/**
 * Records every toast the page shows from now on, so a check can ask afterwards whether one was
 * shown: a page kept busy (an accessibility scan, a slow machine) can hold a check up for longer
 * than a toast stays, and its timer runs out the moment the page is free again.
 */
export async function watchToasts(page: Page): Promise<{ shown: (title: string, options?: { timeout?: number }) => Promise<void> }> {
  await page.evaluate(() => {
    const host = window as unknown as { kursaToastsSeen?: string[] };
    if (host.kursaToastsSeen) return;
    const seen: string[] = (host.kursaToastsSeen = []);
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[role="region"] ol > li')) {
        const text = item.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return {
    shown: (title, options = {}) =>
      expect
        .poll(() => page.evaluate(() => (window as unknown as { kursaToastsSeen: string[] }).kursaToastsSeen), options)
        .toEqual(expect.arrayContaining([expect.stringContaining(title)])),
  };
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
}

export function navigation(page: Page) {
  return page.getByRole('banner');
}

/** Opens a page of the workspace's sidebar by its name (Kurser, Personer, Analyser, …), at a desktop width. */
export async function openSection(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: /^(Arbejdsområde|Workspace)$/ })
    .getByRole('link', { name, exact: true })
    .click();
}

/**
 * Logs out from the workspace's account menu on a workspace page, else from the public site's
 * header. Right after a login the light shell's header (with its own Log ud) shows until the full
 * app has booted, so a workspace page waits for the account menu rather than taking what shows first.
 */
export async function logout(page: Page): Promise<void> {
  const accountMenu = navigation(page).getByRole('button', { name: 'Konto' });
  const logoutButton = navigation(page).getByRole('button', { name: 'Log ud' });
  const inWorkspace = isWorkspacePath(new URL(page.url()).pathname);
  if (!inWorkspace) await expect(accountMenu.or(logoutButton)).toBeVisible();
  if (inWorkspace || (await accountMenu.isVisible())) {
    await accountMenu.click();
    await navigation(page).getByRole('button', { name: 'Log ud' }).click();
  } else {
    await logoutButton.click();
  }
  await expect(page).toHaveURL('/');
  await expect(navigation(page).getByRole('link', { name: 'Kom i gang' })).toBeVisible();
}

/**
 * Holds the matching requests until `release()`, so the page's pending state can be looked at;
 * then they go on to the real server unchanged.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}

/** A course of the logged-in user with one module and one (empty) text lesson, made through the API. */
export async function courseWithLesson(page: Page, title: string, lessonTitle: string): Promise<{ course: TCourse; lessonId: string }> {
  let response = await page.request.post('/api/courses', { data: { title, description: 'A short course for the e2e tests.' } });
  expect(response.status(), await response.text()).toBe(201);
  const course = (await response.json()) as TCourse;
  response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: 'Modul 1', version: course.version } });
  const withModule = (await response.json()) as TCourse;
  response = await page.request.post(`/api/modules/${withModule.modules[0]!.id}/lessons`, {
    data: { title: lessonTitle, kind: 'text', version: withModule.version },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const withLesson = (await response.json()) as TCourse;
  return { course: withLesson, lessonId: withLesson.modules[0]!.lessons[0]!.id };
}
