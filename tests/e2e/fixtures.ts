import { test as base, expect } from '@playwright/test';

/**
 * Every test also fails on an uncaught error or a console error in the page. Failed requests
 * are left out: the browser logs expected answers such as the 401 of a logged-out session check.
 */
export const test = base.extend<{ consoleGuard: void }>({
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      await use();
      expect(problems, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
