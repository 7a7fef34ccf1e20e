import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/jobs.ts';
import { keptMails } from '../helpers/kept-mail.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The newsletter with double opt-in and one-click unsubscribe (RFC 8058).

let ips = 0;
const nextIp = () => `127.7.${(++ips >> 8) & 255}.${ips & 255}`;
const CONSENT_DA = 'Jeg vil gerne modtage Kursas nyhedsbrev på e-mail. Jeg kan afmelde mig når som helst med linket i hver e-mail.';
const address = (base = 'nyhed') => `${base}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.dk`;

const links = (text: string) => {
  const confirm = /http:\/\/localhost:5000\/newsletter\/confirm\/([\w-]+)/.exec(text)?.[1];
  const unsubscribe = /http:\/\/localhost:5000\/newsletter\/unsubscribe\/([\w-]+)/.exec(text)?.[1];
  if (!confirm || !unsubscribe) throw new Error(`links missing in: ${text}`);
  return { confirm, unsubscribe };
};

describe('with mail', () => {
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

  const subscribe = (email: string, language = 'da', ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email, language, consentText: CONSENT_DA },
      remoteAddress: ip,
    });
  const post = (url: string, payload?: Record<string, unknown>) =>
    payload === undefined ? t.app.inject({ method: 'POST', url }) : t.app.inject({ method: 'POST', url, payload });
  const mailTo = async (to: string, count = 1) => {
    await expect.poll(() => smtp.to(to).length).toBeGreaterThanOrEqual(count);
    return smtp.to(to)[count - 1]!;
  };
  const row = (email: string) => t.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirst();

  it('stores a pending subscription with the consent text and time, and mails a confirmation with unsubscribe link and RFC 8058 headers', async () => {
    const email = address();
    const res = await subscribe(email.toUpperCase());
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const stored = await row(email);
    expect(stored).toMatchObject({ email, language: 'da', consent_text: CONSENT_DA, confirmed_at: null, unsubscribed_at: null });
    expect(Date.now() - Date.parse(stored!.consented_at)).toBeLessThan(60_000);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Bekræft din tilmelding til Kursas nyhedsbrev');
    const { confirm, unsubscribe } = links(mail.text);
    expect(JSON.stringify(stored)).not.toContain(confirm);
    expect(JSON.stringify(stored)).not.toContain(unsubscribe);
    // Long headers arrive folded; unfolded, they read as sent.
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <http://localhost:5000/api/newsletter/unsubscribe/${unsubscribe}>`, 'm'));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    const confirmed = await post('/api/newsletter/confirm', { token: confirm });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
    expect((await row(email))!.confirmed_at).not.toBeNull();
    // Opening the link again changes nothing.
    expect((await post('/api/newsletter/confirm', { token: confirm })).json()).toEqual({ status: 'confirmed' });
  });

  it('subscribing again with a confirmed address makes no duplicate, sends nothing and answers the same', async () => {
    const email = address();
    const first = await subscribe(email);
    await post('/api/newsletter/confirm', { token: links((await mailTo(email)).text).confirm });
    const again = await subscribe(email, 'en');
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    const rows = await t.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: 'da' });
    expect(rows[0]!.confirmed_at).not.toBeNull();
    // A later sign-up's mail has arrived, so a second mail to this address would have too.
    const other = address();
    await subscribe(other);
    await mailTo(other);
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('a pending address signing up again gets a new link, and the old one stops working', async () => {
    const email = address();
    await subscribe(email);
    const old = links((await mailTo(email)).text);
    await subscribe(email, 'en');
    const mail = await mailTo(email, 2);
    expect(mail.subject).toBe('Confirm your subscription to the Kursa newsletter');
    const fresh = links(mail.text);
    expect((await t.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', email).execute()).length).toBe(1);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token: old.confirm },
      headers: { 'accept-language': 'en' },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({
      code: 'NEWSLETTER_LINK_INVALID',
      message: 'The link is not valid. Check that you copied the whole link from the email.',
    });
    expect((await post('/api/newsletter/confirm', { token: fresh.confirm })).statusCode).toBe(200);
  });

  it("unsubscribes with one click: the page's POST and the RFC 8058 POST, with no session, again and again", async () => {
    const email = address();
    await subscribe(email);
    const { confirm, unsubscribe } = links((await mailTo(email)).text);
    await post('/api/newsletter/confirm', { token: confirm });

    // What a mail client sends for List-Unsubscribe-Post: a form-encoded body, no cookie, no Origin.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${unsubscribe}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ status: 'unsubscribed' });
    const stored = await row(email);
    expect(stored!.unsubscribed_at).not.toBeNull();

    // The page's POST with the same token: still unsubscribed, the time unchanged.
    expect((await post('/api/newsletter/unsubscribe', { token: unsubscribe })).json()).toEqual({ status: 'unsubscribed' });
    expect((await row(email))!.unsubscribed_at).toBe(stored!.unsubscribed_at);
    // Multipart, as RFC 8058 also allows.
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${unsubscribe}`,
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(multipart.statusCode).toBe(200);
    // An unsubscribed address's confirmation link no longer subscribes it.
    const late = await post('/api/newsletter/confirm', { token: confirm });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('NEWSLETTER_UNSUBSCRIBED');

    // Signing up again starts over with a new double opt-in, in the same row.
    await subscribe(email);
    const again = links((await mailTo(email, 2)).text);
    const renewed = await row(email);
    expect(renewed).toMatchObject({ id: stored!.id, confirmed_at: null, unsubscribed_at: null });
    expect((await post('/api/newsletter/confirm', { token: again.confirm })).statusCode).toBe(200);

    expect((await post(`/api/newsletter/unsubscribe/${'y'.repeat(43)}`)).statusCode).toBe(400);
  });

  it('a confirmation link works for 7 days', async () => {
    const email = address();
    await subscribe(email);
    const { confirm } = links((await mailTo(email)).text);
    const stored = (await row(email))!;
    expect(Date.parse(stored.confirm_expires_at) - Date.parse(stored.consented_at)).toBe(7 * 24 * 60 * 60 * 1000);
    await t.db
      .updateTable('newsletter_subscriptions')
      .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', stored.id)
      .execute();
    const late = await post('/api/newsletter/confirm', { token: confirm });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'NEWSLETTER_LINK_EXPIRED',
      message: 'Linket til at bekræfte er udløbet. Tilmeld dig igen for at få et nyt.',
    });
    expect((await row(email))!.confirmed_at).toBeNull();

    // Another 7 days on, a sign-up that was never confirmed is not kept (the next sign-up sweeps it).
    await t.db
      .updateTable('newsletter_subscriptions')
      .set({ confirm_expires_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString() })
      .where('id', '=', stored.id)
      .execute();
    await subscribe(address());
    expect(await row(email)).toBeUndefined();
  });

  it('validates and throttles per address and per IP', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'nope', language: 'de', consentText: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      email: 'Indtast en gyldig e-mailadresse',
      language: 'Ugyldig værdi.',
      consentText: 'Samtykketeksten mangler.',
    });

    const email = address('throttle');
    for (let i = 0; i < 3; i++) expect((await subscribe(email)).statusCode).toBe(202);
    const fourth = await subscribe(email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'NEWSLETTER_THROTTLED', message: 'For mange tilmeldinger. Prøv igen om 60 min.' });

    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await subscribe(address('ip'), 'da', ip)).statusCode).toBe(202);
    expect((await subscribe(address('ip'), 'da', ip)).statusCode).toBe(429);
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps the confirmation mail for the installation’s admins, and its link confirms', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'someone@example.dk', language: 'en', consentText: CONSENT_DA },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(202);
    const [mail] = await until(async () => {
      const kept = await keptMails(t.db, 'someone@example.dk');
      return kept.length > 0 && kept;
    }, 'the kept confirmation mail');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token: links(mail!.text_body).confirm },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const row = await t.db
      .selectFrom('newsletter_subscriptions')
      .select('confirmed_at')
      .where('email', '=', 'someone@example.dk')
      .executeTakeFirstOrThrow();
    expect(row.confirmed_at).not.toBeNull();
  });

  it("the settings' marketing switch is the account's own subscription: on at once with the consent stored, off as its links would", async () => {
    const { cookie, user } = await registerCompany(t.app);
    const account = (payload?: Record<string, unknown>) =>
      payload === undefined
        ? t.app.inject({ url: '/api/newsletter/account', headers: { cookie } })
        : t.app.inject({ method: 'PUT', url: '/api/newsletter/account', payload, headers: { cookie } });
    const row = () => t.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', user.email).executeTakeFirst();
    const CONSENT = 'Markedsførings-e-mails: Kursas nyhedsbrev til din e-mailadresse.';

    expect((await account()).json()).toEqual({ subscribed: false });
    expect((await t.app.inject({ url: '/api/newsletter/account' })).statusCode).toBe(401);
    for (const bad of [
      { subscribed: 'ja', language: 'da', consentText: CONSENT },
      { subscribed: true, language: 'da', consentText: 'kort' },
      { subscribed: true },
    ]) {
      expect((await account(bad)).statusCode).toBe(400);
    }
    expect(await row()).toBeUndefined();

    const on = await account({ subscribed: true, language: 'da', consentText: CONSENT });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ subscribed: true });
    expect(await row()).toMatchObject({ consent_text: CONSENT, language: 'da', unsubscribed_at: null });
    expect((await row())!.confirmed_at).not.toBeNull();
    // No confirmation mail: the account proved its address when it was made.
    expect(await keptMails(t.db, user.email)).toHaveLength(0);
    expect((await account()).json()).toEqual({ subscribed: true });

    expect((await account({ subscribed: false, language: 'da', consentText: CONSENT })).json()).toEqual({ subscribed: false });
    expect((await row())!.unsubscribed_at).not.toBeNull();
    expect((await account()).json()).toEqual({ subscribed: false });

    // On again: one row per address, subscribed once more.
    await account({ subscribed: true, language: 'en', consentText: CONSENT });
    expect((await account()).json()).toEqual({ subscribed: true });
    const rows = await t.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', user.email).execute();
    expect(rows).toHaveLength(1);
  });

  it('a sign-up on the public form confirmed by its link turns the switch on; its unsubscribe link turns it off', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const state = async () => (await t.app.inject({ url: '/api/newsletter/account', headers: { cookie } })).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: user.email, language: 'da', consentText: CONSENT_DA },
    });
    const [mail] = await until(async () => {
      const kept = await keptMails(t.db, user.email);
      return kept.length > 0 && kept;
    }, 'the kept confirmation mail');
    expect(await state()).toEqual({ subscribed: false });
    const { confirm, unsubscribe } = links(mail!.text_body);
    await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirm } });
    expect(await state()).toEqual({ subscribed: true });
    await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${unsubscribe}` });
    expect(await state()).toEqual({ subscribed: false });
  });
});
