import { startOidcProvider } from '../helpers/oidc-provider.ts';
import { expectNoAxeViolations } from './axe.ts';
import { addTxtRecord } from './dns-records.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Single sign-on in the browser, against a real OpenID provider on a local port: the admin sets it
 * up on Indstillinger, and an employee who has never had a Kursa account types their work address
 * on the login page, goes to the provider and comes back logged in, made with the default role and
 * put in the group the provider's claim maps to.
 */
test('an employee logs in through the company’s OpenID provider and is made just in time', async ({ page, browser, baseURL }) => {
  const idp = await startOidcProvider(`${baseURL}/api/auth/oidc/callback`);
  try {
    await usePreferences(page, { language: 'da' });
    await registerThroughApi(page, uniqueEmail('sso-admin'), 'sso-admin-pass-1');
    const domain = `sso-${Date.now().toString(36)}.test`;
    const added = await page.request.post('/api/organisation/domains', { data: { domain } });
    expect(added.status(), await added.text()).toBe(201);
    const { id, record } = (await added.json()) as { id: string; record: { value: string } };
    addTxtRecord(`_kursa-verification.${domain}`, record.value);
    expect((await page.request.post(`/api/organisation/domains/${id}/verify`)).status()).toBe(200);
    const group = await page.request.post('/api/groups', { data: { name: 'Lager', kind: 'department' } });
    expect(group.status()).toBe(201);

    await page.goto('/dashboard/settings');
    const card = page.getByRole('region', { name: 'Single sign-on' });
    await card.getByLabel('Anden OpenID Connect-udbyder').check();
    await card.getByLabel('Udbyderens adresse (issuer)').fill(idp.issuer);
    await card.getByLabel('Klient-id').fill(idp.clientId);
    await card.getByLabel('Klienthemmelighed').fill(idp.clientSecret);
    await expect(card.getByLabel('Omdirigerings-URI')).toHaveValue(`${baseURL}/api/auth/oidc/callback`);
    await card.getByRole('button', { name: 'Tilføj gruppe' }).click();
    await card.getByLabel('Gruppens id hos udbyderen, række 1').fill('lager-gruppe');
    await card.getByLabel('Gruppe i Kursa, række 1').selectOption({ label: 'Lager' });
    await expect(card.getByText(`Gælder for e-mailadresser på: ${domain}`)).toBeVisible();
    await card.getByRole('switch', { name: 'Slå single sign-on til' }).click();
    await card.getByRole('button', { name: 'Gem single sign-on' }).click();
    await expect(card.getByText('Single sign-on er gemt.')).toBeVisible();
    await expect(card.getByLabel('Klienthemmelighed')).toHaveValue('');
    await expect(card.getByText('En hemmelighed er gemt krypteret.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);

    // An employee in another browser, with no Kursa account yet.
    const context = await browser.newContext();
    const employee = await context.newPage();
    await usePreferences(employee, { language: 'da' });
    idp.signInAs({ sub: 'employee-1', email: `lone@${domain}`, name: 'Lone Lagerchef', groups: ['lager-gruppe'] });
    await employee.goto('/login');
    await employee.getByLabel('E-mail').fill(`lone@${domain}`);
    const choice = employee.getByTestId('sso-choice');
    await expect(choice).toContainText('Din virksomhed bruger single sign-on.');
    await expectNoAxeViolations(employee);
    await choice.getByRole('link', { name: 'Log ind med din virksomheds login' }).click();
    await expect(employee).toHaveURL(/\/learn$/);
    const me = (await (await employee.request.get('/api/me')).json()) as { contactName: string; role: string; email: string };
    expect(me).toMatchObject({ contactName: 'Lone Lagerchef', role: 'learner', email: `lone@${domain}` });

    const members = (await (await page.request.get(`/api/groups/${((await group.json()) as { id: string }).id}`)).json()) as {
      members: { email: string }[];
    };
    expect(members.members.map((m) => m.email)).toContain(`lone@${domain}`);
    await context.close();
  } finally {
    await idp.close();
  }
});

test('the login page says why a login at the provider came back without a session', async ({ page }) => {
  await usePreferences(page, { language: 'da' });
  await page.goto('/login?sso_error=domain');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Du blev ikke logget ind');
  await expect(alert).toContainText('Din e-mailadresse hører ikke til et domæne, virksomheden har bekræftet i Kursa.');
  await expect(alert).toBeFocused();
});
