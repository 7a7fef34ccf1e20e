import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationsService } from '../../src/server/domains/notifications/index.ts';
import { MailOutbox } from '../../src/server/mail/outbox.ts';
import { createTestApp, PUBLIC_URL, registerCompany, type TestApp } from '../helpers/app.ts';
import { addMember } from '../helpers/media.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { until } from '../helpers/jobs.ts';

// Notifications on the real database and HTTP server, their mail through a local SMTP server.
// Events are told through a service on the test's own connection, as another instance would:
// the app's outbox finds and sends what it queued.
let t: TestApp;
let smtp: TestSmtp;
let service: NotificationsService;
let company: Awaited<ReturnType<typeof registerCompany>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_MS: '100' } });
  await t.app.ready();
  company = await registerCompany(t.app);
  // Queues as the app would with SMTP, but never sends: the app's outbox is what sends.
  const outbox = new MailOutbox({
    db: t.db,
    transport: { send: () => Promise.reject(new Error('this outbox only queues')) },
    log: t.app.log,
    retryMs: 100,
  });
  await outbox.stop();
  service = new NotificationsService({
    db: t.db,
    outbox,
    publicUrl: PUBLIC_URL,
    brandFor: async () => undefined,
    setMailOn: async () => undefined,
  });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, language = 'da') =>
  t.app.inject({
    method,
    url,
    headers: { cookie, 'accept-language': language },
    ...(payload !== undefined && { payload: payload as object }),
  });

const learner = () => addMember(t.app, t.db, company.user.organisationId, 'learner');
/** The mails queued or sent to an address (a mail told twice would be two rows). */
const outboxTo = (address: string) =>
  t.db.selectFrom('mail_outbox').select(['status', 'attempts', 'subject']).where('to_address', '=', address).execute();
const emailOf = async (id: string) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

describe('an event', () => {
  it('is told once in the app and once by mail, in the person’s language, however often it is told', async () => {
    const person = await learner();
    const event = {
      kind: 'due-soon' as const,
      userId: person.id,
      key: `due-soon:e1:2026-12-03`,
      params: { course: 'Brandsikkerhed', dueAt: '2026-12-03T12:00:00.000Z' },
      link: '/learn/c1',
    };
    expect(await service.notify(event)).toBe(true);
    expect(await service.notify(event)).toBe(false);
    await Promise.all([service.notify(event), service.notify(event)]);
    const address = await emailOf(person.id);
    const [mail] = await until(() => smtp.to(address).length > 0 && smtp.to(address), 'the reminder mail');
    // One mail, whatever the number of tells.
    expect(await outboxTo(address)).toHaveLength(1);
    expect(smtp.to(address)).toHaveLength(1);
    expect(mail!.subject).toBe('»Brandsikkerhed« skal være gennemført 3. december 2026');
    expect(mail!.text).toContain(`${PUBLIC_URL}/learn/c1`);
    expect(mail!.html).toContain('Fortsæt kurset');
    // Mandatory training: no unsubscribe header, and the mail says why.
    expect(mail!.raw).not.toMatch(/List-Unsubscribe/i);
    expect(mail!.text).toContain('Din virksomhed kræver denne uddannelse');

    const list = await call(person.cookie, 'GET', '/api/notifications', undefined, 'en');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      unread: 1,
      next: null,
      notifications: [{ kind: 'due-soon', title: '“Brandsikkerhed” is due 3 December 2026', link: '/learn/c1', readAt: null }],
    });
  });

  it('pages newest first, marks read by id and all, and leaves another person’s notifications alone', async () => {
    const person = await learner();
    const other = await learner();
    for (let i = 1; i <= 5; i++) {
      // Told a moment apart, so that newest first is one order.
      await new Promise((resolve) => setTimeout(resolve, 2));
      await service.notify({
        kind: 'lesson-completed',
        userId: person.id,
        key: `lesson:${i}`,
        params: { course: 'K', lesson: `L${i}` },
        link: null,
      });
    }
    await service.notify({ kind: 'lesson-completed', userId: other.id, key: 'lesson:x', params: { course: 'K', lesson: 'X' }, link: null });
    const first = (await call(person.cookie, 'GET', '/api/notifications?limit=2')).json();
    expect(first.notifications.map((n: { title: string }) => n.title)).toEqual(['Lektion gennemført: L5', 'Lektion gennemført: L4']);
    expect(first.unread).toBe(5);
    const second = (await call(person.cookie, 'GET', `/api/notifications?limit=2&before=${first.next}`)).json();
    expect(second.notifications.map((n: { title: string }) => n.title)).toEqual(['Lektion gennemført: L3', 'Lektion gennemført: L2']);
    const otherId = (await call(other.cookie, 'GET', '/api/notifications')).json().notifications[0].id;

    const read = await call(person.cookie, 'POST', '/api/notifications/read', { ids: [first.notifications[0].id, otherId] });
    expect(read.json()).toEqual({ unread: 4 });
    expect((await call(other.cookie, 'GET', '/api/notifications/unread')).json()).toEqual({ unread: 1 });
    expect((await call(person.cookie, 'POST', '/api/notifications/read', { all: true })).json()).toEqual({ unread: 0 });
    expect((await call(person.cookie, 'POST', '/api/notifications/read', { ids: [] })).statusCode).toBe(400);
    expect((await call(person.cookie, 'GET', '/api/notifications?before=nonsense')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    // Lesson completions are not mailed by default.
    expect(smtp.to(await emailOf(person.id))).toHaveLength(0);
  });
});

describe('preferences', () => {
  it('follow the person’s choices: a kind turned off in the app and by mail is told nowhere', async () => {
    const instructor = await addMember(t.app, t.db, company.user.organisationId, 'instructor');
    const before = (await call(instructor.cookie, 'GET', '/api/notifications/preferences')).json();
    expect(before.company).toBeNull();
    expect(before.kinds.find((k: { kind: string }) => k.kind === 'new-review')).toEqual({
      kind: 'new-review',
      app: true,
      mail: 'instant',
      mandatory: false,
      digest: true,
    });
    expect(before.kinds.map((k: { kind: string }) => k.kind)).not.toContain('payment-failed');
    const put = await call(instructor.cookie, 'PUT', '/api/notifications/preferences', {
      kinds: [{ kind: 'new-review', app: false, mail: 'off' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().kinds.find((k: { kind: string }) => k.kind === 'new-review')).toMatchObject({ app: false, mail: 'off' });
    await service.notify({
      kind: 'new-review',
      userId: instructor.id,
      key: 'review:1',
      params: { course: 'K', learner: 'Bo', rating: 5 },
      link: '/dashboard',
    });
    expect((await call(instructor.cookie, 'GET', '/api/notifications')).json().notifications).toEqual([]);
    expect(await outboxTo(await emailOf(instructor.id))).toEqual([]);
    // A kind of another role, a daily mail of a kind that has no digest: 400, nothing changes.
    expect(
      (await call(instructor.cookie, 'PUT', '/api/notifications/preferences', { kinds: [{ kind: 'payment-failed', app: false }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(instructor.cookie, 'PUT', '/api/notifications/preferences', { kinds: [{ kind: 'job-failed', mail: 'daily' }] }))
        .statusCode,
    ).toBe(400);
    expect((await call(instructor.cookie, 'PUT', '/api/notifications/preferences', { company: { dueSoonDays: 5 } })).statusCode).toBe(403);
  });

  it('keep mandatory training mail on for the learner; only the company’s admin can turn it off', async () => {
    const person = await learner();
    const refused = await call(person.cookie, 'PUT', '/api/notifications/preferences', { kinds: [{ kind: 'overdue', mail: 'off' }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('obligatorisk');
    const admin = (
      await call(company.cookie, 'PUT', '/api/notifications/preferences', { company: { mandatoryMail: false, dueSoonDays: 5 } })
    ).json();
    expect(admin.company).toEqual({ mandatoryMail: false, dueSoonDays: 5 });
    // The learner sees the company's choice, not the kind's default.
    const seen = (await call(person.cookie, 'GET', '/api/notifications/preferences')).json();
    expect(seen.kinds.find((k: { kind: string }) => k.kind === 'overdue')).toMatchObject({ mail: 'off', mandatory: true });
    expect(seen.company).toBeNull();
    await service.notify({
      kind: 'overdue',
      userId: person.id,
      key: 'overdue:e9:1',
      params: { course: 'K', dueAt: '2026-11-01T00:00:00.000Z' },
      link: '/learn/k',
    });
    expect(await outboxTo(await emailOf(person.id))).toEqual([]);
    expect((await call(person.cookie, 'GET', '/api/notifications/unread')).json()).toEqual({ unread: 1 });
    await call(company.cookie, 'PUT', '/api/notifications/preferences', { company: { mandatoryMail: true } });
  });

  it('turn every mail but the mandatory ones off with the profile’s e-mail switch', async () => {
    const person = await learner();
    await call(person.cookie, 'PUT', '/api/notifications/preferences', { mailOn: false });
    const me = (await call(person.cookie, 'GET', '/api/me')).json();
    expect(me.preferences.emailNotifications).toBe(false);
    await service.notify({ kind: 'course-completed', userId: person.id, key: 'done:1', params: { course: 'K' }, link: '/certificates' });
    await service.notify({ kind: 'course-assigned', userId: person.id, key: 'assigned:1', params: { course: 'M' }, link: '/learn/m' });
    const address = await emailOf(person.id);
    expect((await outboxTo(address)).map((m) => m.subject)).toEqual(['Du er tildelt »M«']);
    await until(() => smtp.to(address).length > 0, 'the assignment mail');
  });
});

describe('one-click unsubscribe', () => {
  it('turns a kind’s mail off with the link alone, no session, and says what it turned off', async () => {
    const instructor = await addMember(t.app, t.db, company.user.organisationId, 'instructor');
    await service.notify({
      kind: 'new-review',
      userId: instructor.id,
      key: 'review:u1',
      params: { course: 'K', learner: 'Bo', rating: 4 },
      link: '/dashboard',
    });
    const address = await emailOf(instructor.id);
    const [mail] = await until(() => smtp.to(address).length > 0 && smtp.to(address), 'the review mail');
    const header = /List-Unsubscribe: <([^>]+)>/i.exec(mail!.raw.replace(/\r?\n\s+/g, ' '));
    expect(header).not.toBeNull();
    expect(mail!.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
    const url = new URL(header![1]!);
    const token = url.searchParams.get('token')!;
    const info = await t.app.inject({ url: `/api/notifications/unsubscribe?token=${token}` });
    expect(info.json()).toMatchObject({ kind: 'new-review', unsubscribed: false });
    expect(info.json().email).not.toBe(address);
    const posted = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ kind: 'new-review', unsubscribed: true });
    const prefs = (await call(instructor.cookie, 'GET', '/api/notifications/preferences')).json();
    expect(prefs.kinds.find((k: { kind: string }) => k.kind === 'new-review').mail).toBe('off');
    // A token changed by one character is refused and changes nothing.
    // (A character in the middle of the signature: the last one's low bits are padding a decoder ignores.)
    const at = token.length - 10;
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${forged}` })).statusCode).toBe(400);
  });
});

describe('the mail', () => {
  it('that SMTP refuses is tried again and sent once; the admins see its attempts', async () => {
    const person = await learner();
    smtp.failNext(2);
    await service.notify({
      kind: 'course-assigned',
      userId: person.id,
      key: 'assigned:retry',
      params: { course: 'Førstehjælp' },
      link: '/learn/f',
    });
    const address = await emailOf(person.id);
    const sent = await until(async () => {
      const log = (await call(company.cookie, 'GET', '/api/organisation/mail')).json();
      const mine = log.mails.find((m: { to: string }) => m.to === address);
      return mine?.status === 'sent' && mine;
    }, 'the mail sent after two refusals');
    expect(sent).toMatchObject({ attempts: 3, kind: 'course-assigned', lastError: expect.stringContaining('451') });
    expect(smtp.to(address)).toHaveLength(1);
    expect((await call(person.cookie, 'GET', '/api/organisation/mail')).statusCode).toBe(403);
  });

  it('is not kept for /dev/mail when it goes out over SMTP', async () => {
    const answer = await t.app.inject({ url: '/api/dev/mail', headers: { 'x-dev-mail-key': 'x'.repeat(20) } });
    expect(answer.statusCode).toBe(404);
  });
});

describe('without SMTP', () => {
  it('keeps every notification mail for /dev/mail, readable with the installation’s key only', async () => {
    const key = 'a-key-for-this-test-only-123';
    const kept = await createTestApp({ env: { DEV_MAIL_KEY: key } });
    try {
      const owner = await registerCompany(kept.app);
      const keptService = new NotificationsService({
        db: kept.db,
        outbox: new MailOutbox({ db: kept.db, transport: undefined, log: kept.app.log, retryMs: 100 }),
        publicUrl: PUBLIC_URL,
        brandFor: async () => undefined,
        setMailOn: async () => undefined,
      });
      await keptService.notify({ kind: 'trial-ending', userId: owner.user.id, key: 'trial:7', params: { days: 7 }, link: '/billing' });
      expect((await kept.app.inject({ url: '/api/dev/mail' })).statusCode).toBe(403);
      expect((await kept.app.inject({ url: '/api/dev/mail', headers: { 'x-dev-mail-key': 'wrong' } })).statusCode).toBe(403);
      const list = await kept.app.inject({ url: '/api/dev/mail', headers: { 'x-dev-mail-key': key } });
      expect(list.statusCode).toBe(200);
      const [mail] = list.json().mails;
      expect(mail).toMatchObject({ status: 'kept', to: owner.body.email, subject: 'Jeres prøveperiode slutter om 7 dage' });
      const one = (await kept.app.inject({ url: `/api/dev/mail/${mail.id}`, headers: { 'x-dev-mail-key': key } })).json();
      expect(one.html).toContain(`${PUBLIC_URL}/billing`);
      expect(one.text).toContain('Vælg en plan');
    } finally {
      await kept.close();
    }
  });
});
