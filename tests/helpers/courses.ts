import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/shared/constants.ts';
import type { TCourse, TLesson } from '../../src/shared/schemas/courses.ts';
import { insertUser } from '../../src/server/domains/identity/users/repository.ts';
import { hashPassword } from '../../src/server/security/passwords.ts';
import { newId } from '../../src/server/security/tokens.ts';
import { registerCompany, sessionCookie, type TestApp } from './app.ts';

/** Helpers for the course builder's API tests: people in companies, requests, a course to work on. */

export interface Person {
  id: string;
  cookie: string;
  organisationId: string;
  email: string;
}

let people = 0;

/** Adds a user of `role` to a company directly (not through an invitation) and logs them in. */
export async function addPerson(t: TestApp, organisationId: string, role: Role, language: 'da' | 'en' | null = null): Promise<Person> {
  const id = `u-${++people}-${Math.random().toString(36).slice(2, 10)}`;
  const email = `${id}@example.dk`;
  await insertUser(t.db, {
    id,
    organisationId,
    email,
    passwordHash: await hashPassword('person-pass-1'),
    contactName: `${role} ${people}`,
    phone: '87654321',
    role,
    language,
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'person-pass-1' } });
  return { id, cookie: sessionCookie(res), organisationId, email };
}

export interface Company {
  admin: Person;
  instructor: Person;
  otherInstructor: Person;
  learner: Person;
}

export async function company(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Company> {
  const { cookie, user } = await registerCompany(t.app, overrides);
  const admin = { id: user.id as string, cookie, organisationId: user.organisationId as string, email: user.email as string };
  return {
    admin,
    instructor: await addPerson(t, admin.organisationId, 'instructor'),
    otherInstructor: await addPerson(t, admin.organisationId, 'instructor'),
    learner: await addPerson(t, admin.organisationId, 'learner'),
  };
}

/** A request as `who` (a Person, or no one). */
export function call(
  t: TestApp,
  who: Person | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...(who && { cookie: who.cookie }), 'accept-language': 'en' },
    ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
  });
}

export async function createCourse(t: TestApp, who: Person, body: Record<string, unknown> = {}): Promise<TCourse> {
  const res = await call(t, who, 'POST', '/api/courses', { title: 'Grundkursus i ledelse', ...body });
  if (res.statusCode !== 201) throw new Error(`create course ${res.statusCode}: ${res.body}`);
  return res.json();
}

export async function addModule(t: TestApp, who: Person, course: TCourse, title = 'Modul'): Promise<TCourse> {
  const res = await call(t, who, 'POST', `/api/courses/${course.id}/modules`, { title, version: course.version });
  if (res.statusCode !== 201) throw new Error(`add module ${res.statusCode}: ${res.body}`);
  return res.json();
}

export async function addLesson(
  t: TestApp,
  who: Person,
  course: TCourse,
  moduleId: string,
  title = 'Lektion',
  kind = 'text',
): Promise<TCourse> {
  const res = await call(t, who, 'POST', `/api/modules/${moduleId}/lessons`, { title, kind, version: course.version });
  if (res.statusCode !== 201) throw new Error(`add lesson ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A course with one module and one lesson of `kind`; answers the course and the lesson. */
export async function courseWithLesson(t: TestApp, who: Person, kind = 'text', body: Record<string, unknown> = {}) {
  let course = await createCourse(t, who, body);
  course = await addModule(t, who, course, 'Første modul');
  course = await addLesson(t, who, course, course.modules[0]!.id, 'Første lektion', kind);
  const lessonId = course.modules[0]!.lessons[0]!.id;
  const lesson: TLesson = (await call(t, who, 'GET', `/api/lessons/${lessonId}`)).json();
  return { course, lesson };
}

/** An upload row of a course (not through the uploads endpoints). */
export async function insertUpload(
  t: TestApp,
  organisationId: string,
  courseId: string | null,
  kind: 'image' | 'video' | 'download',
): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('uploads')
    .values({
      id,
      organisation_id: organisationId,
      course_id: courseId,
      uploaded_by: null,
      kind,
      mime: kind === 'image' ? 'image/png' : kind === 'video' ? 'video/mp4' : 'application/pdf',
      size: 1234,
      original_name: `file.${kind === 'image' ? 'png' : kind === 'video' ? 'mp4' : 'pdf'}`,
      storage_key: `test/${id}`,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

export const doc = (...content: unknown[]) => ({ type: 'doc', content });
export const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
