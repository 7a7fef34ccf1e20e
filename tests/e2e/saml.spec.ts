import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readAuthnRequest, startTestIdp, type TestIdp } from '../helpers/saml-idp.ts';
import { addTxtRecord } from './dns-records.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * SAML sign-in in a real browser: the test identity provider is a server on its own port (another
 * site than Kursa's), and like a real one it answers the AuthnRequest with a page whose form posts
 * the signed SAMLResponse to our assertion consumer service by itself.
 */
let server: Server;
let idp: TestIdp;
/** Whom the provider vouches for at the next sign-in. */
let person = { email: '', name: '' };

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

test.beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const request = readAuthnRequest(`${idp.ssoUrl.replace(/\/saml\/sso$/, '')}${req.url ?? ''}`);
      const response = await idp.response({
        inResponseTo: request.id,
        audience: request.issuer,
        recipient: request.acsUrl,
        nameId: person.email,
        attributes: { 'http://schemas.microsoft.com/identity/claims/displayname': person.name },
      });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Test IdP</title>
<form method="post" action="${attribute(request.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${attribute(response)}">
<input type="hidden" name="RelayState" value="${attribute(request.relayState)}">
<noscript><button>Fortsæt</button></noscript>
</form>
<script>document.forms[0].submit()</script>`);
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  idp = startTestIdp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('a person logs in at the company’s SAML provider and lands on their learning, made just in time', async ({ page, browser }) => {
  await usePreferences(page, { language: 'da' });
  await registerThroughApi(page, uniqueEmail('saml-admin'), 'saml-admin-pass-1');
  const domain = `saml-${Date.now().toString(36)}.test`;
  const added = await page.request.post('/api/organisation/domains', { data: { domain } });
  expect(added.status(), await added.text()).toBe(201);
  const row = (await added.json()) as { id: string; record: { name: string; value: string } };
  addTxtRecord(row.record.name, row.record.value);
  expect((await page.request.post(`/api/organisation/domains/${row.id}/verify`)).status()).toBe(200);
  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Single sign-on' });
  await card.getByLabel('SAML 2.0').check();
  await expect(card.getByLabel('Svar-URL (assertion consumer service)')).toHaveValue(/\/api\/auth\/saml\/acs$/);
  await card.getByLabel('Eller indsæt udbyderens metadata (XML)').fill(idp.metadata());
  await card.getByRole('switch', { name: 'Slå single sign-on til' }).click();
  await card.getByRole('button', { name: 'Gem single sign-on' }).click();
  await expect(card.getByText('Single sign-on er gemt.')).toBeVisible();
  await expect(card.getByText('Signeringscertifikater')).toBeVisible();

  // Someone of the company who has never been in Kursa, in a browser of their own.
  person = { email: `sofie@${domain}`, name: 'Sofie Lund' };
  const context = await browser.newContext();
  const learner = await context.newPage();
  await learner.goto('/login');
  await learner.getByLabel('E-mail').fill(person.email);
  await learner.getByTestId('sso-choice').getByRole('link', { name: 'Log ind med din virksomheds login' }).click();
  await expect(learner).toHaveURL(/\/learn$/);
  const me = await learner.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: person.email, contactName: 'Sofie Lund', role: 'learner' });
  await context.close();
});
