import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, sessionCookie, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/jobs.ts';
import { keptMails } from '../helpers/kept-mail.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// Password reset by a mailed single-use link, through a real local SMTP server.

let ips = 0;
/** Each test its own address, so the per-IP throttle meets only the test that is about it. */
const nextIp = () => `127.9.${(++ips >> 8) & 255}.${ips & 255}`;

const linkIn = (text: string) => {
  const match = /http:\/\/localhost:5000\/reset-password\/([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return { link: match[0], token: match[1] };
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

  const ask = (email: string, ip = nextIp(), lang = 'da') =>
    t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email },
      remoteAddress: ip,
      headers: { 'accept-language': lang },
    });
  const confirm = (payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload, headers: cookie ? { cookie } : {} });
  const mailTo = async (address: string, count = 1) => {
    await expect.poll(() => smtp.to(address).length).toBeGreaterThanOrEqual(count);
    return smtp.to(address)[count - 1]!;
  };
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: nextIp() });

  it("mails a single-use link in the user's language; the reset sets the password and ends every session", async () => {
    const { cookie, body } = await registerCompany(t.app);
    const second = sessionCookie(await login(body.email, body.password));
    // The user's mails go out in the language their client last spoke: English here.
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: body.password },
      headers: { 'accept-language': 'en' },
      remoteAddress: nextIp(),
    });

    const res = await ask(body.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: true, minutes: 60 });
    const mail = await mailTo(body.email);
    expect(mail.subject).toBe('Reset your Kursa password');
    expect(mail.text).toContain('It works once and for 60 minutes');
    const { token } = linkIn(mail.text);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(`/reset-password/${token}`);
    // Only the token's hash is stored.
    const rows = await t.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    const done = await confirm({ token, newPassword: 'a-brand-new-pass', confirmPassword: 'a-brand-new-pass' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    for (const session of [cookie, second])
      expect((await t.app.inject({ url: '/api/me', headers: { cookie: session } })).statusCode).toBe(401);
    expect((await login(body.email, body.password)).statusCode).toBe(401);
    expect((await login(body.email, 'a-brand-new-pass')).statusCode).toBe(200);

    // Single use.
    const again = await confirm({ token, newPassword: 'another-new-pass', confirmPassword: 'another-new-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'RESET_LINK_USED',
      message: 'Linket er allerede brugt eller erstattet af et nyere. Bed om et nyt link.',
    });
    expect((await login(body.email, 'a-brand-new-pass')).statusCode).toBe(200);
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const before = smtp.messages.length;
    const nobody = `nobody-${Date.now()}@example.dk`;
    const res = await ask(nobody);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true, minutes: 60 });
    const { body } = await registerCompany(t.app);
    const known = await ask(body.email);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(res.body);
    await mailTo(body.email);
    expect(smtp.to(nobody)).toHaveLength(0);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('a newer link replaces the older one', async () => {
    const { body } = await registerCompany(t.app);
    await ask(body.email);
    const first = linkIn((await mailTo(body.email, 1)).text).token;
    await ask(body.email);
    const second = linkIn((await mailTo(body.email, 2)).text).token;
    expect(second).not.toBe(first);
    const old = await confirm({ token: first, newPassword: 'replaced-pass-1', confirmPassword: 'replaced-pass-1' });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('RESET_LINK_USED');
    expect((await confirm({ token: second, newPassword: 'replaced-pass-1', confirmPassword: 'replaced-pass-1' })).statusCode).toBe(200);
  });

  it('a link is valid for one hour', async () => {
    const { body } = await registerCompany(t.app);
    await ask(body.email);
    const { token } = linkIn((await mailTo(body.email)).text);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirstOrThrow();
    const row = await t.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
    // An hour later (the row moved back in time, as the clock would have moved on).
    await t.db
      .updateTable('password_resets')
      .set({ created_at: new Date(Date.now() - 61 * 60 * 1000).toISOString(), expires_at: new Date(Date.now() - 60 * 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token, newPassword: 'too-late-pass', confirmPassword: 'too-late-pass' },
      headers: { 'accept-language': 'en' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      code: 'RESET_LINK_EXPIRED',
      message: 'The link has expired: it works for one hour. Ask for a new link.',
      errors: { token: 'The link has expired: it works for one hour. Ask for a new link.' },
    });
    expect((await login(body.email, body.password)).statusCode).toBe(200);
  });

  it('refuses an unknown token and validates the new password like a password change', async () => {
    const unknown = await confirm({ token: 'x'.repeat(43), newPassword: 'whatever-pass', confirmPassword: 'whatever-pass' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('RESET_LINK_INVALID');

    const { body } = await registerCompany(t.app);
    await ask(body.email);
    const { token } = linkIn((await mailTo(body.email)).text);
    const short = await confirm({ token, newPassword: 'short', confirmPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'Ny adgangskode skal være mindst 8 tegn' });
    const long = await confirm({ token, newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) });
    expect(long.json().errors).toEqual({ newPassword: 'Ny adgangskode må højst være 128 tegn' });
    const mismatch = await confirm({ token, newPassword: 'first-new-pass', confirmPassword: 'other-new-pass' });
    expect(mismatch.json().errors).toEqual({ confirmPassword: 'Adgangskoderne matcher ikke' });
    // None of these used the link up.
    expect((await confirm({ token, newPassword: 'valid-new-pass', confirmPassword: 'valid-new-pass' })).statusCode).toBe(200);

    const bad = await ask('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: 'Indtast en gyldig e-mailadresse' });
  });

  it('throttles per address and per IP with a clear 429, the same for addresses without an account', async () => {
    const target = `throttled-${Date.now()}@example.dk`;
    for (let i = 0; i < 3; i++) expect((await ask(target)).statusCode).toBe(202);
    const fourth = await ask(target);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      code: 'RESET_THROTTLED',
      message: 'For mange anmodninger om at nulstille adgangskoden. Prøv igen om 60 min.',
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500);

    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await ask(`ip-${i}-${Date.now()}@example.dk`, ip)).statusCode).toBe(202);
    const eleventh = await ask(`ip-11-${Date.now()}@example.dk`, ip, 'en');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('Too many password reset requests. Try again in 60 min.');
    // Another address from another IP is not held back.
    expect((await ask(`free-${Date.now()}@example.dk`)).statusCode).toBe(202);
  });

  it('sends no link for a deactivated member', async () => {
    const { body, user } = await registerCompany(t.app);
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    expect((await ask(body.email)).statusCode).toBe(202);
    expect(await t.db.selectFrom('password_resets').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    // A later request's mail has arrived, so this one would have too.
    const { body: other } = await registerCompany(t.app);
    await ask(other.email);
    await mailTo(other.email);
    expect(smtp.to(body.email)).toHaveLength(0);
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps the reset mail for the installation’s admins; its link works; an unknown address gets the same answer and nothing', async () => {
    const { body } = await registerCompany(t.app);
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-reset',
        payload: { email },
        headers: { 'accept-language': 'en' },
        remoteAddress: nextIp(),
      });
    const known = await ask(body.email);
    const unknown = await ask('nobody@example.dk');
    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const [mail] = await until(async () => {
      const kept = await keptMails(t.db, body.email);
      return kept.length > 0 && kept;
    }, 'the kept reset mail');
    expect(mail!.subject).toBe('Nulstil din adgangskode på Kursa');
    expect(await keptMails(t.db, 'nobody@example.dk')).toEqual([]);
    const { token } = linkIn(mail!.text_body);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token, newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: 'a-new-password-1' } })).statusCode,
    ).toBe(200);
  });
});
