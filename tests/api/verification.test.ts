import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CvrApiRegistry } from '../../src/server/cvr/cvrapi.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { assertCanPublish } from '../../src/server/domains/identity/verification/gate.ts';
import { createTestApp, freshCvr, registerCompany, registration, sessionCookie, type TestApp } from '../helpers/app.ts';
import { company, startFakeCvrApi, type FakeCvrApi } from '../helpers/fake-cvrapi.ts';
import { keptMails } from '../helpers/kept-mail.ts';
import { codeIn, startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

const USER_AGENT = 'Kursa test suite - dev@kursa.example';

const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });
const state = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/company/verification', headers: { cookie } });
const sendCode = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/company/verification/send-code', headers: { cookie } });
const confirm = (app: FastifyInstance, cookie: string, code: string) =>
  app.inject({ method: 'POST', url: '/api/company/verification/confirm', headers: { cookie }, payload: { code } });

describe('assertCanPublish: the one check made before publishing or selling', () => {
  it('refuses an unconfirmed company on the live registry with 403 COMPANY_UNCONFIRMED', () => {
    expect(() => assertCanPublish({ companyVerified: false }, 'cvrapi')).toThrowError(AppError);
    try {
      assertCanPublish({ companyVerified: false }, 'cvrapi');
    } catch (error) {
      expect(error).toMatchObject({ code: 'COMPANY_UNCONFIRMED', status: 403 });
    }
  });

  it('lets a confirmed company publish, and does not require confirmation with the offline registry', () => {
    expect(() => assertCanPublish({ companyVerified: true }, 'cvrapi')).not.toThrow();
    expect(() => assertCanPublish({ companyVerified: false }, 'offline')).not.toThrow();
  });
});

describe('company verification with the offline registry (bundled fixtures)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('without SMTP, confirms an address on the domain of the registry data with the code kept for the installation’s admins (MAGENTA, info@magenta.dk)', async () => {
    const { cookie, user } = await registerCompany(t.app, { cvrNumber: '25052943', email: 'mette@magenta.dk' });
    expect(user.companyVerified).toBe(false);
    const [mail] = await keptMails(t.db, 'mette@magenta.dk');
    expect(mail!.subject).toBe('Din bekræftelseskode for Nordisk Læring ApS på Kursa');
    expect((await confirm(t.app, cookie, codeIn({ text: mail!.text_body }))).statusCode).toBe(200);
    const res = await state(t.app, cookie);
    expect(res.json()).toMatchObject({
      status: 'confirmed',
      method: 'domain',
      required: false,
      registry: 'found',
      companyDomain: 'magenta.dk',
    });
  });

  it('never confirms by the fixture alone, and says confirmation is offered but not required', async () => {
    const { cookie, user } = await registerCompany(t.app, { cvrNumber: '24256790' });
    expect(user.companyVerified).toBe(false);
    expect((await state(t.app, cookie)).json()).toEqual({
      status: 'unconfirmed',
      method: null,
      required: false,
      registry: 'found',
      companyDomain: null,
      companyEmail: null,
      canSendCode: false,
      ownAddress: null,
      canSendOwnCode: false,
      pending: null,
      // Novo's fixture has no e-mail: nobody could prove control of it here, so nobody can take it over.
      takeoverPossible: false,
    });
  });

  it('stores a number the registry does not know as unconfirmed, registry "not_found"', async () => {
    const { cookie, user } = await registerCompany(t.app, { cvrNumber: freshCvr() });
    expect(user.companyVerified).toBe(false);
    expect((await state(t.app, cookie)).json()).toMatchObject({
      status: 'unconfirmed',
      registry: 'not_found',
      canSendCode: false,
      takeoverPossible: false,
    });
  });

  it('refuses to send a code when the registry has no address for the company (409 NO_COMPANY_EMAIL)', async () => {
    const { cookie } = await registerCompany(t.app, { cvrNumber: '10403782' });
    const res = await sendCode(t.app, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_COMPANY_EMAIL');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/company/verification' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/company/verification/send-code' })).statusCode).toBe(401);
  });

  it("refuses a confirmed company's CVR to a second registrant, even one on the company domain", async () => {
    // The first test registered MAGENTA, confirmed by the code to its domain address.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ cvrNumber: '25052943', email: 'second@magenta.dk' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CVR_TAKEN',
      errors: { cvrNumber: 'Dette CVR-nummer er allerede registreret. Log ind med den eksisterende konto.' },
    });
  });
});

describe('company verification with the live registry and mail (cvrapi fake + local SMTP server)', () => {
  let fake: FakeCvrApi;
  let smtp: TestSmtp;
  let t: TestApp;
  const cvrs = {
    dsv: '58233528',
    lego: '54562519',
    orsted: '36213728',
    carlsberg: '61056416',
    vestas: '10403782',
    danske: '61126228',
    freeMail: '22756214',
    novo: '24256790',
    broken: freshCvr(),
    firmaA: freshCvr(),
    firmaB: freshCvr(),
    firmaC: freshCvr(),
  };
  const registryCompany = (cvr: string, name: string, email: string | null) =>
    company({ vat: Number(cvr), name, address: 'Vej 1', zipcode: '2000', city: 'Frederiksberg', phone: '12345678', email, owners: null });

  beforeAll(async () => {
    fake = await startFakeCvrApi({
      [cvrs.dsv]: registryCompany(cvrs.dsv, 'DSV A/S', 'info@dsv.example'),
      [cvrs.lego]: registryCompany(cvrs.lego, 'LEGO A/S', 'kontakt@lego.example'),
      [cvrs.orsted]: registryCompany(cvrs.orsted, 'ØRSTED A/S', 'post@orsted.example'),
      [cvrs.carlsberg]: registryCompany(cvrs.carlsberg, 'CARLSBERG A/S', 'mail@carlsberg.example'),
      [cvrs.vestas]: registryCompany(cvrs.vestas, 'VESTAS A/S', 'vestas@vestas.example'),
      [cvrs.danske]: registryCompany(cvrs.danske, 'DANSKE BANK A/S', 'db@danske.example'),
      [cvrs.broken]: { status: 500, body: '<html>Internal error</html>', contentType: 'text/html' },
      [cvrs.novo]: registryCompany(cvrs.novo, 'NOVO NORDISK A/S', 'info@novo.example'),
      [cvrs.freeMail]: registryCompany(cvrs.freeMail, 'Lille Firma ApS', 'lillefirma@gmail.com'),
      [cvrs.firmaA]: registryCompany(cvrs.firmaA, 'Firma A ApS', 'info@firma-a.example'),
      [cvrs.firmaB]: registryCompany(cvrs.firmaB, 'Firma B ApS', 'kontakt@firma-b.example'),
      [cvrs.firmaC]: registryCompany(cvrs.firmaC, 'Firma C ApS', 'info@firma-c.example'),
    });
    smtp = await startTestSmtp();
    t = await createTestApp({
      env: { CVR_PROVIDER: 'cvrapi', CVRAPI_USER_AGENT: USER_AGENT, SMTP_URL: smtp.url, MAIL_FROM: 'Kursa <no-reply@kursa.example>' },
      cvrRegistry: new CvrApiRegistry({ userAgent: USER_AGENT, baseUrl: fake.url, timeoutMs: 2000 }),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await smtp.close();
  });

  it('confirms an address on the company domain (subdomains too) once its owner enters the code mailed to it', async () => {
    const sub = await registerCompany(t.app, { cvrNumber: cvrs.vestas, email: 'anne@dk.vestas.example' });
    // Typing an address on the domain proves nothing until its owner shows they read it.
    expect(sub.user.companyVerified).toBe(false);
    const mails = smtp.to('anne@dk.vestas.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Din bekræftelseskode for Nordisk Læring ApS på Kursa');
    expect(smtp.to('vestas@vestas.example')).toHaveLength(0);
    expect((await state(t.app, sub.cookie)).json()).toMatchObject({
      status: 'unconfirmed',
      ownAddress: 'a***@dk.vestas.example',
      canSendOwnCode: true,
      pending: { sentTo: 'a***@dk.vestas.example' },
    });
    expect((await confirm(t.app, sub.cookie, codeIn(mails[0]!))).statusCode).toBe(200);
    expect((await state(t.app, sub.cookie)).json()).toMatchObject({ status: 'confirmed', method: 'domain', required: false });
  });

  it('never counts free-mail domains, even when the registry lists such an address', async () => {
    const free = await registerCompany(t.app, { cvrNumber: cvrs.freeMail, email: 'lillefirma@gmail.com' });
    expect(free.user.companyVerified).toBe(false);
    expect(smtp.to('lillefirma@gmail.com')).toHaveLength(0);
    expect((await state(t.app, free.cookie)).json()).toMatchObject({ companyDomain: null, required: true, ownAddress: null });
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/company/verification/send-code',
      headers: { cookie: free.cookie },
      payload: { to: 'me' },
    });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().code).toBe('NOT_ON_DOMAIN');
  });

  it('leaves a registry-known company unconfirmed and says confirmation is required; a mailed code confirms it', async () => {
    const { cookie, user } = await registerCompany(t.app, {
      cvrNumber: cvrs.dsv,
      email: 'ole.hansen@gmail.com',
      contactName: 'Ole Hansen',
    });
    expect(user.companyVerified).toBe(false);
    expect((await state(t.app, cookie)).json()).toEqual({
      status: 'unconfirmed',
      method: null,
      required: true,
      registry: 'found',
      companyDomain: 'dsv.example',
      companyEmail: 'i***@dsv.example',
      canSendCode: true,
      ownAddress: null,
      canSendOwnCode: false,
      pending: null,
      takeoverPossible: true,
    });

    const sent = await sendCode(t.app, cookie);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sentTo: 'i***@dsv.example' });
    // The code goes to the company's registered address, never to the registrant.
    const mails = smtp.to('info@dsv.example');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('no-reply@kursa.example');
    expect(mail.subject).toBe('Bekræftelseskode for Nordisk Læring ApS på Kursa');
    expect(mail.text).toContain(`CVR ${cvrs.dsv}`);
    expect(mail.text).toContain('Ole Hansen (ole.hansen@gmail.com)');
    expect(mail.html).not.toContain('<script');
    expect(smtp.to('ole.hansen@gmail.com')).toHaveLength(0);
    const code = codeIn(mail);
    const stored = await t.db.selectFrom('company_claims').select('code_hash').executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code.replace('-', ''));
    expect((await state(t.app, cookie)).json().pending).toMatchObject({ sentTo: 'i***@dsv.example' });

    const wrong = await confirm(t.app, cookie, 'AAAA-AAAA');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CODE_WRONG', message: 'Koden er forkert. Du har 4 forsøg tilbage.' });
    const badFormat = await confirm(t.app, cookie, '12');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().code).toBe('VALIDATION');

    const ok = await confirm(t.app, cookie, code.toLowerCase());
    expect(ok.statusCode).toBe(200);
    expect((await me(t.app, cookie)).json().companyVerified).toBe(true);
    expect((await state(t.app, cookie)).json()).toMatchObject({ status: 'confirmed', method: 'code', required: false, canSendCode: false });
    // One use.
    expect((await confirm(t.app, cookie, code)).statusCode).toBe(409);
  });

  it('limits attempts, expires codes, and pauses between codes', async () => {
    const { cookie } = await registerCompany(t.app, { cvrNumber: cvrs.lego, email: 'x1@gmail.com' });
    expect((await sendCode(t.app, cookie)).statusCode).toBe(200);
    const code = codeIn(smtp.to('kontakt@lego.example').at(-1)!);
    const again = await sendCode(t.app, cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('CODE_RESEND_WAIT');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 4; i++) expect((await confirm(t.app, cookie, 'ZZZZ-ZZZZ')).json().code).toBe('CODE_WRONG');
    const fifth = await confirm(t.app, cookie, 'ZZZZ-ZZZZ');
    expect(fifth.json().code).toBe('CODE_EXPIRED');
    // Out of attempts: even the right code no longer works.
    expect((await confirm(t.app, cookie, code)).json().code).toBe('CODE_EXPIRED');

    // A new code (after the pause) works; an expired one does not.
    await t.db
      .updateTable('company_claims')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .execute();
    expect((await sendCode(t.app, cookie)).statusCode).toBe(200);
    const second = codeIn(smtp.to('kontakt@lego.example').at(-1)!);
    await t.db
      .updateTable('company_claims')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('attempts', '=', 0)
      .execute();
    expect((await confirm(t.app, cookie, second)).json().code).toBe('CODE_EXPIRED');
    expect((await me(t.app, cookie)).json().companyVerified).toBe(false);
  });

  it('lets only admins ask for and enter a code', async () => {
    const { user } = await registerCompany(t.app, { cvrNumber: cvrs.novo, email: 'x2@gmail.com' });
    // An instructor of the same company.
    const { insertUser } = await import('../../src/server/domains/identity/users/repository.ts');
    const { hashPassword } = await import('../../src/server/security/passwords.ts');
    await insertUser(t.db, {
      id: `instr-${user.id}`,
      organisationId: user.organisationId,
      email: `instr-${user.id}@example.dk`,
      passwordHash: await hashPassword('instructor-pass'),
      contactName: 'Ida Instruktør',
      phone: '12345678',
      role: 'instructor',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: `instr-${user.id}@example.dk`, password: 'instructor-pass' },
    });
    const instructor = sessionCookie(login);
    expect((await state(t.app, instructor)).json()).toMatchObject({ status: 'unconfirmed', canSendCode: false });
    const denied = await sendCode(t.app, instructor);
    expect(denied.statusCode).toBe(403);
    expect((await confirm(t.app, instructor, 'ABCD-EFGH')).statusCode).toBe(403);
  });

  it('asks a registry that could not answer at registration again, at most hourly', async () => {
    const { cookie, user } = await registerCompany(t.app, { cvrNumber: cvrs.broken, email: 'x4@gmail.com' });
    expect(user.companyVerified).toBe(false);
    const asked = () => fake.requests.filter((r) => r.path.includes(cvrs.broken)).length;
    const atRegistration = asked();
    expect((await state(t.app, cookie)).json()).toMatchObject({ registry: 'unchecked', canSendCode: false });
    expect(asked()).toBe(atRegistration + 1);
    await state(t.app, cookie);
    expect(asked()).toBe(atRegistration + 1);
    await t.db
      .updateTable('organisations')
      .set({ registry_checked_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('cvr', '=', cvrs.broken)
      .execute();
    await state(t.app, cookie);
    expect(asked()).toBe(atRegistration + 2);
  });

  it('reports a relay that refuses the mail as 502 and keeps no live code', async () => {
    const { cookie } = await registerCompany(t.app, { cvrNumber: cvrs.orsted, email: 'x3@gmail.com' });
    smtp.failNext(1);
    const res = await sendCode(t.app, cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('MAIL_FAILED');
    expect((await state(t.app, cookie)).json().pending).toBeNull();
  });

  it('moves an unconfirmed company to a second registrant on its domain (after the code to their address) and ends the first claim; both are told', async () => {
    const first = await registerCompany(t.app, { cvrNumber: cvrs.danske, email: 'impostor@gmail.com' });
    expect(first.user.companyVerified).toBe(false);
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': 'en' },
      payload: registration({ cvrNumber: cvrs.danske, email: 'cfo@danske.example', companyName: 'Danske Bank A/S' }),
    });
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toMatchObject({ status: 'claim_pending', sentTo: 'c***@danske.example' });
    expect((await me(t.app, first.cookie)).statusCode).toBe(200);
    const codeMail = smtp.to('cfo@danske.example').at(-1)!;
    expect(codeMail.subject).toBe('Your confirmation code for Danske Bank A/S on Kursa');
    expect(smtp.to('db@danske.example')).toHaveLength(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register/confirm',
      payload: { claimId: pending.json().claimId, code: codeIn(codeMail) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ companyVerified: true, cvrNumber: cvrs.danske, email: 'cfo@danske.example' });
    // The first claimant's session and login are gone.
    expect((await me(t.app, first.cookie)).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: first.body.email, password: first.body.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    expect(smtp.to('impostor@gmail.com').map((m) => m.subject)).toEqual([`Din Kursa-konto for ${first.body.companyName} er lukket`]);
    expect(smtp.to('cfo@danske.example').map((m) => m.subject)).toEqual([
      'Your confirmation code for Danske Bank A/S on Kursa',
      'Danske Bank A/S is confirmed on Kursa',
    ]);
    expect((await state(t.app, sessionCookie(res))).json()).toMatchObject({ status: 'confirmed', method: 'domain' });
    // Now confirmed: the CVR cannot be taken again.
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ cvrNumber: cvrs.danske, email: 'ceo@danske.example' }),
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('CVR_TAKEN');
  });

  it('takes over an unconfirmed company that has built courses: they go with it', async () => {
    const first = await registerCompany(t.app, { cvrNumber: cvrs.firmaC, email: 'claimant@gmail.com' });
    const course = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { cookie: first.cookie },
      payload: { title: 'Et kursus før bekræftelsen' },
    });
    expect(course.statusCode, course.body).toBe(201);
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ cvrNumber: cvrs.firmaC, email: 'ejer@firma-c.example' }),
    });
    expect(pending.statusCode, pending.body).toBe(202);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/register/confirm',
      payload: { claimId: pending.json().claimId, code: codeIn(smtp.to('ejer@firma-c.example').at(-1)!) },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(await t.db.selectFrom('courses').select('id').where('id', '=', course.json().id).executeTakeFirst()).toBeUndefined();
    expect((await me(t.app, first.cookie)).statusCode).toBe(401);
  });

  it('lets a second registrant without a domain match take over with the code mailed to the company', async () => {
    const cvr = cvrs.carlsberg;
    const holder = await t.db.selectFrom('organisations').select('id').where('cvr', '=', cvr).executeTakeFirst();
    const first = holder ? null : await registerCompany(t.app, { cvrNumber: cvr, email: 'first@gmail.com' });
    const firstAdmins = await t.db
      .selectFrom('users')
      .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
      .select(['users.email'])
      .where('organisations.cvr', '=', cvr)
      .execute();
    expect(firstAdmins.length).toBeGreaterThan(0);

    const body = registration({ cvrNumber: cvr, email: 'rightful@hotmail.com', contactName: 'Rikke Retmæssig' });
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body });
    expect(res.statusCode).toBe(202);
    const pending = res.json();
    expect(pending).toMatchObject({ status: 'claim_pending', sentTo: 'm***@carlsberg.example' });
    expect(res.cookies.find((c) => c.name === 'kursa_session')).toBeUndefined();
    // Nothing moved yet: the first claimant still holds the company.
    if (first) expect((await me(t.app, first.cookie)).statusCode).toBe(200);
    const mail = smtp.to('mail@carlsberg.example').at(-1)!;
    expect(mail.text).toContain('Rikke Retmæssig (rightful@hotmail.com)');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/register/confirm',
      payload: { claimId: pending.claimId, code: 'ZZZZ-ZZZZ' },
    });
    expect(wrong.statusCode).toBe(400);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/register/confirm',
      payload: { claimId: pending.claimId, code: codeIn(mail) },
    });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ email: 'rightful@hotmail.com', companyVerified: true, cvrNumber: cvr });
    expect((await me(t.app, sessionCookie(done))).statusCode).toBe(200);
    if (first) expect((await me(t.app, first.cookie)).statusCode).toBe(401);
    for (const { email } of firstAdmins) expect(smtp.to(email).at(-1)?.subject).toMatch(/er lukket$/);
    expect(smtp.to('rightful@hotmail.com')).toHaveLength(1);
    // The code is used up.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/register/confirm',
      payload: { claimId: pending.claimId, code: codeIn(mail) },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('CODE_EXPIRED');
  });

  it('refuses a pending takeover when the first claimant confirms in the meantime', async () => {
    const cvr = cvrs.orsted; // registered unconfirmed above (x3@gmail.com)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ cvrNumber: cvr, email: 'late@gmail.com' }),
    });
    expect(res.statusCode).toBe(202);
    const code = codeIn(smtp.to('post@orsted.example').at(-1)!);
    await t.db.updateTable('organisations').set({ verified: 1, verified_method: 'code' }).where('cvr', '=', cvr).execute();
    const done = await t.app.inject({ method: 'POST', url: '/api/register/confirm', payload: { claimId: res.json().claimId, code } });
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('CVR_TAKEN');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'late@gmail.com').executeTakeFirst()).toBeUndefined();
  });

  /** A registration straight through the API, from an address of its own (each meets the per-IP throttle alone). */
  let registrations = 0;
  const registerFrom = (cvr: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ cvrNumber: cvr, email }),
      remoteAddress: `127.2.0.${++registrations}`,
    });

  it('limits each requester to a few codes an hour, so the holder cannot spend the company mailbox budget alone', async () => {
    const holder = await registerCompany(t.app, { cvrNumber: cvrs.firmaA, email: 'holder@gmail.com' });
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(t.app, holder.cookie)).statusCode).toBe(200);
      // The pause between codes is over (the hour's count still holds them).
      await t.db
        .updateTable('company_claims')
        .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
        .execute();
    }
    const fourth = await sendCode(t.app, holder.cookie);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('CODE_LIMIT');

    // A rival without a company address still gets a code to the company's mailbox.
    const rival = await registerFrom(cvrs.firmaA, 'rival@hotmail.com');
    expect(rival.statusCode).toBe(202);
    expect(rival.json()).toMatchObject({ via: 'company', sentTo: 'i***@firma-a.example' });
  });

  it('never lets codes to the company mailbox block a registrant proving control with their own company address', async () => {
    const org = await t.db.selectFrom('organisations').select('id').where('cvr', '=', cvrs.firmaA).executeTakeFirstOrThrow();
    // The company mailbox's hourly budget is spent (by many requesters).
    for (let i = 0; i < 10; i++) {
      await t.db
        .insertInto('company_claims')
        .values({
          id: `flood-${i}`,
          organisation_id: org.id,
          user_id: null,
          registration: null,
          requester_email: `flood${i}@gmail.com`,
          code_hash: 'x',
          sent_to: 'info@firma-a.example',
          attempts: 0,
          expires_at: new Date(Date.now() + 600_000).toISOString(),
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const byMail = await registerFrom(cvrs.firmaA, 'another@gmail.com');
    expect(byMail.statusCode).toBe(429);
    expect(byMail.json().code).toBe('CODE_LIMIT');
    const own = await registerFrom(cvrs.firmaA, 'direktor@firma-a.example');
    expect(own.statusCode).toBe(202);
    expect(own.json()).toMatchObject({ via: 'own' });
    expect(smtp.to('direktor@firma-a.example')).toHaveLength(1);
  });

  it('sends a takeover code to the address the registry has now, not the one stored when the holder registered', async () => {
    await registerCompany(t.app, { cvrNumber: cvrs.firmaB, email: 'early@gmail.com' });
    // The holder registered while the registry could not answer: no address was stored.
    await t.db
      .updateTable('organisations')
      .set({ registry_status: 'unchecked', registry_email: null })
      .where('cvr', '=', cvrs.firmaB)
      .execute();
    const rival = await registerFrom(cvrs.firmaB, 'rightful@gmail.com');
    expect(rival.statusCode).toBe(202);
    expect(rival.json()).toMatchObject({ via: 'company', sentTo: 'k***@firma-b.example' });
    expect(smtp.to('kontakt@firma-b.example')).toHaveLength(1);
  });
});

describe('the shared demo company', () => {
  it('is never offered for takeover, so its notice does not say it could be', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: 'true' } });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'demo@kursa.example', password: 'kursa-demo-2026' },
      });
      expect(login.statusCode).toBe(200);
      expect((await state(t.app, sessionCookie(login))).json()).toMatchObject({ status: 'unconfirmed', takeoverPossible: false });
    } finally {
      await t.close();
    }
  });
});
