import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptMails } from '../helpers/kept-mail.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The contact form — stored, and mailed to SALES_EMAIL with Reply-To the sender.

let ips = 0;
const nextIp = () => `127.8.${(++ips >> 8) & 255}.${ips & 255}`;
const CONSENT = 'Jeg giver Kursa lov til at gemme oplysningerne i denne formular og bruge dem til at svare mig.';

const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mette Sørensen',
  email: `mette-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@firma.dk`,
  company: 'Firma ApS',
  phone: '+45 20 30 40 50',
  topic: 'demo',
  message: 'Vi vil gerne se Kursa i en demo for 40 medarbejdere.',
  consent: true,
  consentText: CONSENT,
  ...overrides,
});

describe('with mail and SALES_EMAIL', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, SALES_EMAIL: 'salg@kursa.example' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (payload: Record<string, unknown>, ip = nextIp(), lang = 'da') =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip, headers: { 'accept-language': lang } });

  it('stores the request and mails it to SALES_EMAIL with Reply-To the sender', async () => {
    const body = request();
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({ id: expect.any(String), mailed: true });

    const row = await t.db.selectFrom('contact_requests').selectAll().where('id', '=', answer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      company: 'Firma ApS',
      phone: '+45 20 30 40 50',
      topic: 'demo',
      message: body.message,
      language: 'da',
      consent_text: CONSENT,
    });
    expect(row.mailed_at).not.toBeNull();
    // Nothing about the sender beyond what they typed: no IP address in the row.
    expect(Object.keys(row).sort()).toEqual([
      'company',
      'consent_text',
      'created_at',
      'email',
      'id',
      'language',
      'mailed_at',
      'message',
      'name',
      'phone',
      'topic',
    ]);

    const [mail] = smtp.to('salg@kursa.example');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Kontaktformular: Book en demo fra ${body.name}`);
    expect(mail!.raw).toMatch(new RegExp(`^Reply-To: ${body.email.replace(/[.+]/g, '\\$&')}`, 'm'));
    const text = mail!.text.replace(/\s+/g, ' ');
    for (const part of [
      `Navn: ${body.name}`,
      `E-mail: ${body.email}`,
      'Virksomhed: Firma ApS',
      'Telefon: +45 20 30 40 50',
      'Emne: Book en demo',
      body.message,
    ]) {
      expect(text).toContain(part);
    }
    // The sender's own text is escaped in the HTML part.
    const html = await send(request({ message: 'Hej <script>alert(1)</script> & farvel fra os' }));
    expect(html.statusCode).toBe(201);
    await expect.poll(() => smtp.to('salg@kursa.example').length).toBe(2);
    expect(smtp.to('salg@kursa.example')[1]!.html).toContain('Hej &lt;script&gt;alert(1)&lt;/script&gt; &amp; farvel');
  });

  it('optional fields may be left out or empty; the page language is stored', async () => {
    const res = await send(request({ company: '', phone: undefined, topic: 'general', language: 'en' }));
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.selectFrom('contact_requests').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company: null, phone: null, topic: 'general', language: 'en' });
  });

  it('validates every field with a 400 naming each, and stores nothing', async () => {
    const before = (await t.db.selectFrom('contact_requests').select('id').execute()).length;
    const res = await send(
      { name: 'A', email: 'nope', phone: '12', topic: 'lunch', message: 'kort', consent: false, consentText: CONSENT },
      nextIp(),
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'The phone number must be at least 8 characters of digits, spaces, +, - and parentheses',
      topic: 'Choose a topic',
      message: 'The message must be between 10 and 5,000 characters',
      consent: 'Tick the box to let us use your details to answer you',
    });
    expect((await send(request({ message: 'x'.repeat(5001) }))).json().errors).toEqual({
      message: 'Beskeden skal være mellem 10 og 5.000 tegn',
    });
    expect((await send(request({ extra: 'field' }))).statusCode).toBe(400);
    expect((await t.db.selectFrom('contact_requests').select('id').execute()).length).toBe(before);
  });

  it('throttles per IP with a clear 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await send(request(), ip)).statusCode).toBe(201);
    const sixth = await send(request(), ip, 'en');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'CONTACT_THROTTLED', message: 'Too many requests from your address. Try again in 60 min.' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3500);
    // The throttle keeps no address in the clear.
    const attempts = await t.db.selectFrom('public_form_attempts').selectAll().execute();
    expect(JSON.stringify(attempts)).not.toContain(ip);
    expect((await send(request(), nextIp())).statusCode).toBe(201);
  });

  it('stores the request when the mail fails, and says it was not mailed', async () => {
    smtp.failNext(1);
    const res = await send(request());
    expect(res.statusCode).toBe(201);
    expect(res.json().mailed).toBe(false);
    const row = await t.db.selectFrom('contact_requests').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.mailed_at).toBeNull();
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SALES_EMAIL: 'salg@kursa.example' } });
  });
  afterAll(async () => t.close());

  it('stores the request and keeps its mail to sales for the installation’s admins', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: request({ topic: 'sales' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().mailed).toBe(true);
    const row = await t.db.selectFrom('contact_requests').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.topic).toBe('sales');
    const [mail] = await keptMails(t.db, 'salg@kursa.example');
    expect(mail!.subject).toMatch(/^Kontaktformular: Salg fra /);
  });
});
