import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, sessionCookie, type TestApp } from '../helpers/app.ts';
import { addPerson, company, type Company, type Person } from '../helpers/courses.ts';

// Two instances of the app on one database (a SQLite file; PostgreSQL under TEST_DATABASE_URL), as
// behind a load balancer. Whatever ends or changes a session on one is seen by the other on its very
// next request, even right after the other has answered for that session (on SQLite an instance
// remembers the sessions it has just looked up, for as long as the database has not changed).

describe('two instances on one database', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let c: Company;
  beforeAll(async () => {
    t = await createTestApp();
    other = await buildTestApp(t.database);
    c = await company(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });

  /** Each instance answers for the cookie twice, so it has looked the session up and may remember it. */
  async function inUseOnBoth(person: Person): Promise<void> {
    for (const app of [t.app, other, t.app, other]) {
      const res = await me(app, person.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(person.id);
    }
  }

  it('a logout on one ends the session on the other at once', async () => {
    const person = await addPerson(t, c.admin.organisationId, 'learner');
    await inUseOnBoth(person);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: person.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me(other, person.cookie)).statusCode).toBe(401);
    expect((await me(t.app, person.cookie)).statusCode).toBe(401);
  });

  it('a new token on one (a password change) shuts the old token out of the other at once; the new one opens both', async () => {
    const person = await addPerson(t, c.admin.organisationId, 'instructor');
    await inUseOnBoth(person);
    const changed = await other.inject({
      method: 'POST',
      url: '/api/change-password',
      payload: { currentPassword: 'person-pass-1', newPassword: 'another-pass-2' },
      headers: { cookie: person.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = sessionCookie(changed);
    expect(renewed).not.toBe(person.cookie);
    expect((await me(t.app, person.cookie)).statusCode).toBe(401);
    expect((await me(other, person.cookie)).statusCode).toBe(401);
    await inUseOnBoth({ ...person, cookie: renewed });
  });

  it("a deactivation on one ends the member's session on the other at once", async () => {
    const person = await addPerson(t, c.admin.organisationId, 'learner');
    await inUseOnBoth(person);
    const off = await other.inject({
      method: 'PATCH',
      url: `/api/members/${person.id}`,
      payload: { active: false },
      headers: { cookie: c.admin.cookie },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(t.app, person.cookie)).statusCode).toBe(401);
    expect((await me(other, person.cookie)).statusCode).toBe(401);
  });

  it('a profile change on one shows in the other at once', async () => {
    const person = await addPerson(t, c.admin.organisationId, 'instructor');
    await inUseOnBoth(person);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${person.id}`,
      payload: { contactName: 'Nyt Navn' },
      headers: { cookie: person.cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await me(other, person.cookie)).json().contactName).toBe('Nyt Navn');
    expect((await me(t.app, person.cookie)).json().contactName).toBe('Nyt Navn');
  });

  it('a session deleted or deactivated straight in the database (a tool, another connection) is refused at once', async () => {
    const gone = await addPerson(t, c.admin.organisationId, 'learner');
    const deactivated = await addPerson(t, c.admin.organisationId, 'learner');
    await inUseOnBoth(gone);
    await inUseOnBoth(deactivated);
    await t.db.deleteFrom('sessions').where('user_id', '=', gone.id).execute();
    // Only the user's row: the look-up itself keeps a deactivated user's sessions shut.
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', deactivated.id).execute();
    for (const app of [t.app, other]) {
      expect((await me(app, gone.cookie)).statusCode).toBe(401);
      expect((await me(app, deactivated.cookie)).statusCode).toBe(401);
    }
  });
});
