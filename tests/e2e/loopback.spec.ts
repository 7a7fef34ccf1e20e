import { expect, test } from './fixtures.ts';
import { DEMO_ACCOUNT, fillLogin } from './support.ts';

const port = Number(process.env.E2E_PORT ?? 5055);

/**
 * PUBLIC_URL is http://localhost:PORT; someone who opens the bound address instead
 * (http://127.0.0.1:PORT) reaches the same server and must be able to log in there too.
 */
test('logging in works on the loopback alias 127.0.0.1', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${port}/login`);
  await fillLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page).toHaveURL(`http://127.0.0.1:${port}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO_ACCOUNT.contactName);
});
