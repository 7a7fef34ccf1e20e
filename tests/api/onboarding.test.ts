import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { addPerson, call, createCourse, type Person } from '../helpers/courses.ts';
import { insertCourse } from '../helpers/published-courses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function newCompany(): Promise<Person> {
  const { cookie, user } = await registerCompany(t.app);
  return { id: user.id, cookie, organisationId: user.organisationId, email: user.email };
}
const checklist = async (who: Person) => {
  const res = await call(t, who, 'GET', '/api/onboarding');
  expect(res.statusCode).toBe(200);
  return res.json() as { steps: { key: string; state: string }[]; complete: boolean; dismissed: boolean };
};
const states = async (who: Person) => Object.fromEntries((await checklist(who)).steps.map((step) => [step.key, step.state]));

describe('GET /api/onboarding', () => {
  it("ticks each of a new company's steps off as the real action happens, and is complete at the end", async () => {
    const admin = await newCompany();
    // Without mail on this installation control of the company cannot be proved here.
    expect(await checklist(admin)).toEqual({
      steps: [
        { key: 'confirmCompany', state: 'unavailable' },
        { key: 'firstCourse', state: 'todo' },
        { key: 'subdomain', state: 'todo' },
        { key: 'brand', state: 'todo' },
        { key: 'inviteColleague', state: 'todo' },
        { key: 'publish', state: 'todo' },
      ],
      complete: false,
      dismissed: false,
    });

    await createCourse(t, admin, { title: 'Første kursus' });
    expect((await states(admin)).firstCourse).toBe('done');

    const subdomain = `onboarding-${Date.now().toString(36)}`;
    expect((await call(t, admin, 'PUT', '/api/organisation/subdomain', { subdomain })).statusCode).toBe(200);
    expect((await states(admin)).subdomain).toBe('done');

    // A hero text alone is not yet a brand; a colour is.
    expect(
      (await call(t, admin, 'PUT', '/api/organisation/brand', { colour: null, heroText: 'Velkommen', whiteLabel: false })).statusCode,
    ).toBe(200);
    expect((await states(admin)).brand).toBe('todo');
    expect(
      (await call(t, admin, 'PUT', '/api/organisation/brand', { colour: '#0f766e', heroText: null, whiteLabel: false })).statusCode,
    ).toBe(200);
    expect((await states(admin)).brand).toBe('done');

    const invited = await call(t, admin, 'POST', '/api/invitations', { email: `kollega-${Date.now()}@example.dk`, role: 'instructor' });
    expect(invited.statusCode).toBe(201);
    expect((await states(admin)).inviteColleague).toBe('done');

    expect((await states(admin)).publish).toBe('todo');
    await insertCourse(t.db, admin.organisationId, admin.id, { title: 'Udgivet', status: 'published' });
    const done = await checklist(admin);
    expect(done.steps.map((step) => step.state)).toEqual(['unavailable', 'done', 'done', 'done', 'done', 'done']);
    expect(done.complete).toBe(true);
  });

  it('asks for confirmation where it can be done, and counts a confirmed company as done', async () => {
    const admin = await newCompany();
    // No address in the registry: nothing to prove control through.
    expect((await checklist(admin)).steps[0]).toEqual({ key: 'confirmCompany', state: 'unavailable' });
    await t.db.updateTable('organisations').set({ registry_email: 'info@example.dk' }).where('id', '=', admin.organisationId).execute();
    expect((await checklist(admin)).steps[0]).toEqual({ key: 'confirmCompany', state: 'todo' });
    await t.db.updateTable('organisations').set({ verified: 1 }).where('id', '=', admin.organisationId).execute();
    expect((await checklist(admin)).steps[0]).toEqual({ key: 'confirmCompany', state: 'done' });
  });

  it("gives an instructor their own first course and publishing it; another's course does not count", async () => {
    const admin = await newCompany();
    const instructor = await addPerson(t, admin.organisationId, 'instructor');
    await createCourse(t, admin, { title: 'Adminens kursus' });
    expect(await states(instructor)).toEqual({ firstCourse: 'todo', publish: 'todo' });
    await createCourse(t, instructor, { title: 'Mit kursus' });
    expect(await states(instructor)).toEqual({ firstCourse: 'done', publish: 'todo' });
  });

  it('is put away for the one who dismisses it, once or twice; a learner has none; a visitor must log in', async () => {
    const admin = await newCompany();
    const colleague = await addPerson(t, admin.organisationId, 'admin');
    expect((await call(t, admin, 'POST', '/api/onboarding/dismiss')).statusCode).toBe(204);
    expect((await call(t, admin, 'POST', '/api/onboarding/dismiss')).statusCode).toBe(204);
    expect((await checklist(admin)).dismissed).toBe(true);
    expect((await checklist(colleague)).dismissed).toBe(false);

    const learner = await addPerson(t, admin.organisationId, 'learner');
    expect((await call(t, learner, 'GET', '/api/onboarding')).statusCode).toBe(403);
    expect((await call(t, learner, 'POST', '/api/onboarding/dismiss')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/onboarding')).statusCode).toBe(401);
  });
});
