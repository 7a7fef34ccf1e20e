import { test as base, expect } from '@playwright/test';

/**
 * Every test also fails on an uncaught error or a console error in the page. Failed requests
 * are left out: the browser logs expected answers such as the 401 of a logged-out session check.
 * A spec may name console errors it expects (`test.use({ expectedConsoleErrors: [...] })`), each
 * with the reason it is not the page's fault.
 */
export const test = base.extend<{ consoleGuard: void; expectedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' && !text.startsWith('Failed to load resource') && !expectedConsoleErrors.some((e) => e.test(text))) {
          problems.push(`console.error: ${text}`);
        }
      });
      await use();
      expect(problems, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
