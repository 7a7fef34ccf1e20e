import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.ts';

// Every mail that asks the reader to open a link carries it as a button in the HTML part, with the
// address itself below it, and as the plain address in the text part, in both languages.

let ips = 0;
const nextIp = () => `127.9.${(++ips >> 8) & 255}.${ips & 255}`;
const address = (base: string) => `${base}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.dk`;
const CONSENT = 'Jeg vil gerne modtage Kursas nyhedsbrev på e-mail. Jeg kan afmelde mig når som helst med linket i hver e-mail.';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailTo = async (to: string): Promise<ReceivedMail> => {
  await expect.poll(() => smtp.to(to).length).toBeGreaterThanOrEqual(1);
  return smtp.to(to)[0]!;
};

/** The link the text part gives for `path`, and proof that the HTML part has it as a button and as its address. */
function expectAction(mail: ReceivedMail, path: string, label: string): string {
  const url = new RegExp(`http://localhost:5000${path}/[\\w-]+`).exec(mail.text)?.[0];
  expect(url, mail.text).toBeDefined();
  // The text part: the address on a line of its own.
  expect(mail.text.split(/\r?\n/)).toContain(url);
  // The HTML part: a link whose text is the action, and a link whose text is the address.
  const links = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => ({ href, text }));
  expect(links).toContainEqual({ href: url, text: label });
  expect(links).toContainEqual({ href: url, text: url });
  return url!;
}

describe('mails with an action', () => {
  it('an invitation, in Danish and in English', async () => {
    const { cookie } = await registerCompany(t.app);
    for (const [language, label] of [
      ['da', 'Tag imod invitationen'],
      ['en', 'Accept the invitation'],
    ] as const) {
      const to = address(`invite-${language}`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/invitations',
        payload: { email: to, role: 'learner', language },
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      expectAction(await mailTo(to), '/invite', label);
    }
  });

  it('a password reset, in Danish and in English', async () => {
    for (const [language, label] of [
      ['da', 'Vælg en ny adgangskode'],
      ['en', 'Choose a new password'],
    ] as const) {
      const { body } = await registerCompany(t.app);
      // The reset mail speaks the language the user's client last spoke.
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: body.email, password: body.password },
        headers: { 'accept-language': language },
        remoteAddress: nextIp(),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/password-reset',
        payload: { email: body.email },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(202);
      expectAction(await mailTo(body.email), '/reset-password', label);
    }
  });

  it('a newsletter confirmation, with its unsubscribe link, in Danish and in English', async () => {
    for (const [language, confirm, unsubscribe] of [
      ['da', 'Bekræft tilmelding', 'Afmeld'],
      ['en', 'Confirm subscription', 'Unsubscribe'],
    ] as const) {
      const to = address(`news-${language}`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { email: to, language, consentText: CONSENT },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(202);
      const mail = await mailTo(to);
      expectAction(mail, '/newsletter/confirm', confirm);
      expectAction(mail, '/newsletter/unsubscribe', unsubscribe);
    }
  });
});
