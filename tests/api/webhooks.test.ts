import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, postOutbound, RefusedAddress } from '../../src/server/security/outbound.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { until } from '../helpers/jobs.ts';
import { keptLinks } from '../helpers/kept-mail.ts';
import { signatureValid, startWebhookReceiver } from '../helpers/webhook-receiver.ts';

// Outgoing webhooks: registered by admins, told of events as they happen, signed, retried, logged.

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
interface Made {
  webhook: { id: string; url: string; events: string[]; active: boolean; secretPrefix: string };
  secret: string;
}

let t: TestApp;
let c: Company;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE_URLS: 'true', OUTBOUND_RETRY_MS: '100' } });
  c = await company(t);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function register(who: Person, events: string[], path = `/hook-${Math.random().toString(36).slice(2)}`): Promise<Made> {
  const res = await call(t, who, 'POST', '/api/organisation/webhooks', { url: receiver.url(path), events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Made;
}

const to = (made: Made) => receiver.received.filter((r) => r.path === new URL(made.webhook.url).pathname);
const deliveries = async (who: Person, made: Made) =>
  (await call(t, who, 'GET', `/api/organisation/webhooks/${made.webhook.id}/deliveries`)).json().deliveries as {
    id: string;
    eventId: string;
    event: string;
    status: string;
    attempts: number;
    responseStatus: number | null;
    responseBody: string | null;
    error: string | null;
  }[];
const auditOf = (organisationId: string) =>
  t.db.selectFrom('audit_log').selectAll().where('organisation_id', '=', organisationId).orderBy('seq').execute();

describe('registering webhooks', () => {
  it('answers the signing secret once and keeps it sealed, lists the webhook, and records it', async () => {
    const { webhook, secret } = await register(c.admin, ['course.completed', 'enrolment.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ events: ['enrolment.created', 'course.completed'], active: true, secretPrefix: secret.slice(0, 10) });
    const stored = await t.db.selectFrom('webhooks').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    const list = (await call(t, c.admin, 'GET', '/api/organisation/webhooks')).json();
    expect(list.webhooks).toContainEqual(expect.objectContaining({ id: webhook.id, url: webhook.url }));
    expect(JSON.stringify(list)).not.toContain(secret.slice(6));
    expect((await auditOf(c.admin.organisationId)).at(-1)).toMatchObject({ action: 'webhook.created', target_id: webhook.id });
  });

  it('is for admins only; bad input is refused and changes nothing; another company’s webhook is 404', async () => {
    for (const who of [c.instructor, c.learner]) {
      expect((await call(t, who, 'GET', '/api/organisation/webhooks')).statusCode).toBe(403);
      const res = await call(t, who, 'POST', '/api/organisation/webhooks', { url: receiver.url(), events: ['member.left'] });
      expect(res.statusCode).toBe(403);
    }
    const before = await t.db.selectFrom('webhooks').select('id').execute();
    for (const body of [
      { url: 'ftp://example.com/x', events: ['member.left'] },
      { url: 'not a url', events: ['member.left'] },
      { url: 'https://user:pw@example.com/', events: ['member.left'] },
      { url: 'https://example.com/', events: [] },
      { url: 'https://example.com/', events: ['everything'] },
      { url: 'https://example.com/', events: ['member.left', 'member.left'] },
    ]) {
      const res = await call(t, c.admin, 'POST', '/api/organisation/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.selectFrom('webhooks').select('id').execute()).toEqual(before);

    const mine = await register(c.admin, ['member.left']);
    const other = await company(t);
    const id = mine.webhook.id;
    expect((await call(t, other.admin, 'PATCH', `/api/organisation/webhooks/${id}`, { active: false })).statusCode).toBe(404);
    expect((await call(t, other.admin, 'DELETE', `/api/organisation/webhooks/${id}`)).statusCode).toBe(404);
    expect((await call(t, other.admin, 'GET', `/api/organisation/webhooks/${id}/deliveries`)).statusCode).toBe(404);
    expect((await call(t, other.admin, 'POST', `/api/organisation/webhooks/${id}/test`)).statusCode).toBe(404);
    expect((await call(t, c.admin, 'PATCH', `/api/organisation/webhooks/${id}`, {})).statusCode).toBe(400);
    const kept = await t.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(kept.active).toBe(1);
    expect((await call(t, c.admin, 'DELETE', `/api/organisation/webhooks/${id}`)).json()).toEqual({ ok: true });
    expect((await call(t, c.admin, 'GET', `/api/organisation/webhooks/${id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('events', () => {
  it('tells enrolment, completion and certificate, signed, once each, only to the webhooks that chose them', async () => {
    const co = await company(t);
    const all = await register(co.admin, ['enrolment.created', 'course.completed', 'certificate.issued']);
    const onlyCertificates = await register(co.admin, ['certificate.issued']);
    const elsewhere = await register(c.admin, ['enrolment.created', 'course.completed', 'certificate.issued']);
    const { id: courseId } = await courseOfNinetyMinutes(t, co.admin.organisationId, co.instructor.id, 'Brandsikkerhed');
    const done = await completeCourse(t, co.learner, courseId);
    expect(done.statusCode, done.body).toBe(200);

    const heard = await until(() => to(all).length >= 3 && to(onlyCertificates).length >= 1 && to(all), 'three events');
    expect(heard.map((r) => r.json.type).sort()).toEqual(['certificate.issued', 'course.completed', 'enrolment.created']);
    for (const request of heard) {
      expect(signatureValid(request, all.secret)).toBe(true);
      expect(signatureValid(request, onlyCertificates.secret)).toBe(false);
      expect(request.headers['kursa-event']).toBe(request.json.type);
      expect(request.json).toMatchObject({ id: expect.stringMatching(/^evt_/), companyId: co.admin.organisationId });
    }
    const learner = await t.db.selectFrom('users').select(['email']).where('id', '=', co.learner.id).executeTakeFirstOrThrow();
    const enrolled = heard.find((r) => r.json.type === 'enrolment.created')!.json.data;
    expect(enrolled).toMatchObject({
      enrolment: { course: { id: courseId, title: 'Brandsikkerhed' }, person: { id: co.learner.id, email: learner.email }, source: 'self' },
    });
    const certificate = heard.find((r) => r.json.type === 'certificate.issued')!.json.data.certificate as { code: string };
    expect(certificate).toMatchObject({ courseId, title: 'Brandsikkerhed', verifyUrl: `http://localhost:5000/verify/${certificate.code}` });
    expect(to(onlyCertificates).map((r) => r.json.type)).toEqual(['certificate.issued']);
    // The same event reaches both webhooks under one id.
    expect(to(onlyCertificates)[0]!.json.id).toBe(heard.find((r) => r.json.type === 'certificate.issued')!.json.id);
    expect(to(elsewhere)).toEqual([]);

    // A change to the certificate (its revocation) is told again by its domain: no second "issued".
    const revoked = await call(t, co.admin, 'POST', `/api/certificates/${certificate.code}/revoke`, { reason: 'fejl' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await call(t, co.admin, 'POST', `/api/organisation/webhooks/${all.webhook.id}/test`);
    expect(
      to(all)
        .map((r) => r.json.type)
        .sort(),
    ).toEqual(['certificate.issued', 'course.completed', 'enrolment.created', 'webhook.test']);
    // The receiver has each request before the sender writes down its answer.
    await until(
      async () => (await deliveries(co.admin, all)).every((d) => d.status === 'delivered' && d.responseStatus === 200),
      'all delivered',
    );
    expect(await deliveries(co.admin, all)).toHaveLength(4);
  });

  it('tells the learner’s own company of their enrolment, not the company whose course it is', async () => {
    const provider = await company(t);
    const employer = await company(t);
    const providers = await register(provider.admin, ['enrolment.created', 'course.completed', 'certificate.issued']);
    const employers = await register(employer.admin, ['enrolment.created']);
    const { id: courseId } = await courseOfNinetyMinutes(t, provider.admin.organisationId, provider.instructor.id, 'Truckkørsel');
    const learner = await addPerson(t, employer.admin.organisationId, 'learner');
    expect((await call(t, learner, 'POST', `/api/courses/${courseId}/enrol`)).statusCode).toBe(201);
    const [heard] = await until(() => to(employers).length >= 1 && to(employers), 'the enrolment at the employer');
    expect(heard!.json).toMatchObject({ type: 'enrolment.created', companyId: employer.admin.organisationId });
    expect(await deliveries(provider.admin, providers)).toEqual([]);
  });

  it('tells people joining by invitation, leaving when deactivated and joining again when reactivated', async () => {
    const co = await company(t);
    const made = await register(co.admin, ['member.joined', 'member.left']);
    const address = `ny-${Math.random().toString(36).slice(2, 8)}@example.dk`;
    expect((await call(t, co.admin, 'POST', '/api/invitations', { email: address, role: 'learner', contactName: 'Ny' })).statusCode).toBe(
      201,
    );
    const link = (await keptLinks(t.db, address, /http:\/\/localhost:5000\/invite\/[\w-]+/)).at(-1)!;
    const token = new URL(link).pathname.split('/').pop()!;
    const password = 'invited-pass-1';
    const accepted = await call(t, null, 'POST', `/api/invitations/${token}/accept`, {
      contactName: 'Ny',
      password,
      confirmPassword: password,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const id = accepted.json().id as string;
    expect((await call(t, co.admin, 'PATCH', `/api/members/${id}`, { active: false })).statusCode).toBe(200);
    expect((await call(t, co.admin, 'PATCH', `/api/members/${id}`, { role: 'instructor' })).statusCode).toBe(200);
    expect((await call(t, co.admin, 'PATCH', `/api/members/${id}`, { active: true })).statusCode).toBe(200);
    const heard = await until(() => to(made).length >= 3 && to(made), 'three membership events');
    expect(heard.map((r) => r.json.type)).toEqual(['member.joined', 'member.left', 'member.joined']);
    expect(heard[0]!.json.data).toEqual({ member: { id, email: address, name: 'Ny', role: 'learner' } });
    expect(new Set(heard.map((r) => r.json.id)).size).toBe(3);
  });

  it('tells a paused webhook nothing new; resumed, it hears what comes after', async () => {
    const co = await company(t);
    const made = await register(co.admin, ['member.joined', 'member.left']);
    const paused = await call(t, co.admin, 'PATCH', `/api/organisation/webhooks/${made.webhook.id}`, { active: false });
    expect(paused.json()).toMatchObject({ active: false });
    const person = await addPerson(t, co.admin.organisationId, 'learner');
    expect((await call(t, co.admin, 'PATCH', `/api/members/${person.id}`, { active: false })).statusCode).toBe(200);
    expect(await deliveries(co.admin, made)).toEqual([]);
    await call(t, co.admin, 'PATCH', `/api/organisation/webhooks/${made.webhook.id}`, { active: true });
    expect((await call(t, co.admin, 'PATCH', `/api/members/${person.id}`, { active: true })).statusCode).toBe(200);
    const heard = await until(() => to(made).length >= 1 && to(made), 'the event after resuming');
    expect(heard.map((r) => r.json.type)).toEqual(['member.joined']);
  });
});

describe('delivery', () => {
  it('tries a refused delivery again with the same event, and delivers it once', async () => {
    const co = await company(t);
    const made = await register(co.admin, ['member.left']);
    receiver.answerNext(500);
    const person = await addPerson(t, co.admin.organisationId, 'learner');
    expect((await call(t, co.admin, 'PATCH', `/api/members/${person.id}`, { active: false })).statusCode).toBe(200);
    const [delivery] = await until(async () => {
      const log = await deliveries(co.admin, made);
      return log[0]?.status === 'delivered' && log;
    }, 'the delivery after a retry');
    expect(delivery).toMatchObject({ event: 'member.left', attempts: 2, responseStatus: 200, responseBody: 'thanks', error: null });
    expect(to(made).map((r) => [r.json.id, r.answered])).toEqual([
      [delivery!.eventId, 500],
      [delivery!.eventId, 200],
    ]);
    expect(to(made).every((r) => signatureValid(r, made.secret))).toBe(true);
    // Another event later reaches the receiver; the first is not sent a third time.
    const other = await addPerson(t, co.admin.organisationId, 'learner');
    await call(t, co.admin, 'PATCH', `/api/members/${other.id}`, { active: false });
    await until(() => to(made).length >= 3, 'the second event');
    expect(to(made).filter((r) => r.json.id === delivery!.eventId)).toHaveLength(2);
  });

  it('sends a test at once and answers how it went; a failed one is logged with the answer and can be tried again', async () => {
    const made = await register(c.admin, ['member.joined']);
    const ok = await call(t, c.admin, 'POST', `/api/organisation/webhooks/${made.webhook.id}/test`);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ event: 'webhook.test', status: 'delivered', attempts: 1, responseStatus: 200 });
    expect(to(made).at(-1)!.json).toMatchObject({ type: 'webhook.test', data: { webhook: { id: made.webhook.id } } });
    expect(signatureValid(to(made).at(-1)!, made.secret)).toBe(true);

    receiver.answerNext(503);
    const failed = (await call(t, c.admin, 'POST', `/api/organisation/webhooks/${made.webhook.id}/test`)).json();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 503, responseBody: 'not now', nextAttemptAt: null });
    const delivered = (await deliveries(c.admin, made)).find((d) => d.id === ok.json().id)!;
    const retried = await call(t, c.admin, 'POST', `/api/organisation/webhooks/${made.webhook.id}/deliveries/${delivered.id}/retry`);
    expect(retried.statusCode).toBe(409);
    const again = await call(t, c.admin, 'POST', `/api/organisation/webhooks/${made.webhook.id}/deliveries/${failed.id}/retry`);
    expect(again.statusCode, again.body).toBe(200);
    await until(async () => (await deliveries(c.admin, made)).find((d) => d.id === failed.id)?.status === 'delivered', 'the retried test');
    expect(
      to(made)
        .filter((r) => r.json.id === failed.eventId)
        .map((r) => r.answered),
    ).toEqual([503, 200]);
  });

  it('answers 404, not an error, when the webhook is deleted while its test is being sent', async () => {
    const made = await register(c.admin, ['member.joined']);
    receiver.beforeNextAnswer(() => call(t, c.admin, 'DELETE', `/api/organisation/webhooks/${made.webhook.id}`));
    const res = await call(t, c.admin, 'POST', `/api/organisation/webhooks/${made.webhook.id}/test`);
    expect(res.statusCode, res.body).toBe(404);
    expect(to(made)).toHaveLength(1);
  });

  it('logs a receiver that cannot be reached without an answer', async () => {
    const made = await register(c.admin, ['member.joined']);
    await receiver.close();
    try {
      const res = (await call(t, c.admin, 'POST', `/api/organisation/webhooks/${made.webhook.id}/test`)).json();
      expect(res).toMatchObject({ status: 'failed', responseStatus: null, error: expect.stringMatching(/ECONNREFUSED/) });
    } finally {
      receiver = await startWebhookReceiver();
    }
  });
});

describe('addresses', () => {
  it('reaches only public https addresses unless the installation allows others', async () => {
    const strict = await createTestApp();
    try {
      const co = await company(strict);
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://10.1.2.3/',
        'https://[::1]/',
        'https://localhost/',
      ]) {
        const res = await call(strict, co.admin, 'POST', '/api/organisation/webhooks', { url, events: ['member.left'] });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ code: 'URL_REFUSED' });
      }
      const res = await call(strict, co.admin, 'POST', '/api/organisation/webhooks', {
        url: 'https://hooks.example.com/x',
        events: ['member.left'],
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await strict.close();
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '2a00:1450:4001::1', '185.15.59.224']) expect(isPublicAddress(address), address).toBe(true);
    // A name that resolves to this machine is refused before connecting, as is plain http.
    const options = { allowPrivate: false, timeoutMs: 5000, keepBytes: 100 };
    await expect(postOutbound(`https://localhost:1/`, '{}', {}, options)).rejects.toBeInstanceOf(RefusedAddress);
    await expect(postOutbound(receiver.url(), '{}', {}, options)).rejects.toBeInstanceOf(RefusedAddress);
  });
});
