import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, sessionCookie, type TestApp } from '../helpers/app.ts';
import { addMember } from '../helpers/media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (cookie: string, method: 'GET' | 'DELETE', url: string) => t.app.inject({ method, url, headers: { cookie } });
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A member logged in twice: from a laptop's Firefox and from another address. */
async function memberWithTwoSessions(organisationId: string) {
  const member = await addMember(t.app, t.db, organisationId, 'learner');
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: `${member.id}@example.dk`, password: 'member-pass-1' },
    headers: { 'user-agent': FIREFOX },
    remoteAddress: '10.1.2.3',
  });
  expect(again.statusCode, again.body).toBe(200);
  return { ...member, second: sessionCookie(again) };
}

describe('sessions', () => {
  it("an admin sees a member's sessions, without tokens, and signs them out everywhere", async () => {
    const admin = await registerCompany(t.app);
    const member = await memberWithTwoSessions(admin.user.organisationId);

    const listed = await api(admin.cookie, 'GET', `/api/members/${member.id}/sessions`);
    expect(listed.statusCode, listed.body).toBe(200);
    const { sessions } = listed.json();
    expect(sessions).toHaveLength(2);
    expect(sessions).toContainEqual(
      expect.objectContaining({ ip: '10.1.2.3', userAgent: FIREFOX, device: 'Firefox · Windows', current: false }),
    );
    expect(listed.body).not.toMatch(/token/i);
    const hashes = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', member.id).execute();
    for (const { token_hash } of hashes) expect(listed.body).not.toContain(token_hash);

    const ended = await api(admin.cookie, 'DELETE', `/api/members/${member.id}/sessions`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await api(member.cookie, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await api(member.second, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await api(admin.cookie, 'GET', '/api/me')).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('organisation_id', '=', admin.user.organisationId)
      .where('action', '=', 'member.sessions-ended')
      .execute();
    expect(audit).toEqual([{ action: 'member.sessions-ended', target_id: member.id }]);
  });

  it("another company's member is 404, and others than admins get 403", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const member = await addMember(t.app, t.db, a.user.organisationId, 'learner');
    expect((await api(b.cookie, 'GET', `/api/members/${member.id}/sessions`)).statusCode).toBe(404);
    expect((await api(b.cookie, 'DELETE', `/api/members/${member.id}/sessions`)).statusCode).toBe(404);
    expect((await api(member.cookie, 'GET', '/api/me')).statusCode).toBe(200);
    const instructor = await addMember(t.app, t.db, a.user.organisationId, 'instructor');
    expect((await api(instructor.cookie, 'GET', `/api/members/${member.id}/sessions`)).statusCode).toBe(403);
    expect((await api(member.cookie, 'DELETE', `/api/members/${a.user.id}/sessions`)).statusCode).toBe(403);
    expect((await api(a.cookie, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it("one's own list marks the current session; another is ended, the current one and someone else's are not", async () => {
    const admin = await registerCompany(t.app);
    const member = await memberWithTwoSessions(admin.user.organisationId);
    const own = await api(member.cookie, 'GET', '/api/me/sessions');
    expect(own.statusCode).toBe(200);
    const sessions = own.json().sessions as { id: string; current: boolean }[];
    expect(sessions.map((s) => s.current).sort()).toEqual([false, true]);
    const current = sessions.find((s) => s.current)!;
    const other = sessions.find((s) => !s.current)!;

    expect((await api(member.cookie, 'DELETE', `/api/me/sessions/${current.id}`)).statusCode).toBe(400);
    // Someone else's session, by its id: not one's own.
    const adminSession = (await api(admin.cookie, 'GET', '/api/me/sessions')).json().sessions[0].id;
    expect((await api(member.cookie, 'DELETE', `/api/me/sessions/${adminSession}`)).statusCode).toBe(404);
    expect((await api(admin.cookie, 'GET', '/api/me')).statusCode).toBe(200);

    const ended = await api(member.cookie, 'DELETE', `/api/me/sessions/${other.id}`);
    expect(ended.statusCode).toBe(200);
    expect((await api(member.second, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await api(member.cookie, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await api(member.cookie, 'GET', '/api/me/sessions')).json().sessions).toMatchObject([{ id: current.id, current: true }]);
    expect((await t.app.inject({ url: '/api/me/sessions' })).statusCode).toBe(401);
  });

  it('an admin signing themself out everywhere keeps the session asking', async () => {
    const admin = await registerCompany(t.app);
    const res = await api(admin.cookie, 'DELETE', `/api/members/${admin.user.id}/sessions`);
    expect(res.json()).toEqual({ ended: 0 });
    expect((await api(admin.cookie, 'GET', '/api/me')).statusCode).toBe(200);
  });
});
