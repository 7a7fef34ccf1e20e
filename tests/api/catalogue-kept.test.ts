import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCataloguePage } from '../../src/shared/schemas/catalogue.ts';
import { buildTestApp, createTestApp, type TestApp } from '../helpers/app.ts';
import { insertUser } from '../../src/server/domains/identity/users/repository.ts';
import { company, type Company } from '../helpers/courses.ts';
import { enrol } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// A server keeps the catalogue pages it answered and gives them again while the catalogue's
// version (raised by triggers with every write a page shows: migrations 005 and 033) is unchanged.
// Each test warms what two instances on one database keep (a SQLite file; PostgreSQL under
// TEST_DATABASE_URL), writes — straight into the database, or through the other instance's API —
// and expects both to answer what a fresh instance computes, and that to differ from before: a kept
// page served after the write fails here.

let t: TestApp;
/** A second instance on the same database, as behind a load balancer. */
let other: FastifyInstance;
let c: Company;
let course: { id: string; slug: string };
let moduleId: string;
const word = `holdbar${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildTestApp(t.database);
  c = await company(t);
  course = await insertCourse(
    t.db,
    c.admin.organisationId,
    c.instructor.id,
    { title: `Kursus om ${word}`, category: 'technology', price: 400, pricing: 'paid' },
    [{ title: 'Modul', lessons: [{ title: 'Første' }] }],
  );
  await insertCourse(t.db, c.admin.organisationId, c.otherInstructor.id, {
    title: `Andet ${word}`,
    category: 'technology',
    price: 200,
    pricing: 'paid',
  });
  moduleId = (await t.db.selectFrom('course_modules').select('id').where('course_id', '=', course.id).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** Searches whose pages show the course: by word (relevance and price), by category, and the unfiltered first page. */
const SEARCHES = [`?q=${word}`, `?q=${word}&sort=price-low`, `?q=${word.slice(0, 5)}&category=technology&sort=title`, ''];

async function page(app: FastifyInstance, search: string): Promise<TCataloguePage> {
  const res = await app.inject({ url: `/api/catalogue${search}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every search's page from `app`, each asked twice, so the second is a kept one. */
async function pages(app: FastifyInstance): Promise<TCataloguePage[]> {
  const out: TCataloguePage[] = [];
  for (const search of SEARCHES) {
    const first = await page(app, search);
    expect(await page(app, search)).toEqual(first);
    out.push(first);
  }
  return out;
}

/** What an instance that has kept nothing answers now. */
async function fresh(): Promise<TCataloguePage[]> {
  const app = await buildTestApp(t.database);
  try {
    return await pages(app);
  } finally {
    await app.close();
  }
}

/** The course as the first search's page shows it (undefined once it is not listed). */
const shown = (answer: TCataloguePage[]) => answer[0]?.courses.find((x) => x.id === course.id);

/** Warms both instances, runs `write`, then expects both to answer as a fresh instance does, and `changed` of before and after. */
async function afterWrite(write: () => Promise<unknown>, changed: (before: TCataloguePage[], after: TCataloguePage[]) => void) {
  const before = await pages(t.app);
  expect(await pages(other)).toEqual(before);
  await write();
  const expected = await fresh();
  expect(await pages(t.app)).toEqual(expected);
  expect(await pages(other)).toEqual(expected);
  changed(before, expected);
}

describe('kept catalogue pages', () => {
  it('a review shows at once', async () => {
    await afterWrite(
      async () => {
        const now = new Date().toISOString();
        await t.db
          .insertInto('reviews')
          .values({
            id: randomUUID(),
            course_id: course.id,
            user_id: c.learner.id,
            rating: 4,
            comment: 'God',
            created_at: now,
            updated_at: now,
            quote_consent_at: null,
          })
          .execute();
      },
      (before, after) => {
        expect(shown(after)?.reviewCount).toBe((shown(before)?.reviewCount ?? 0) + 1);
        expect(shown(after)?.averageRating).toBe(4);
      },
    );
  });

  it('a changed rating shows at once', async () => {
    await afterWrite(
      () => t.db.updateTable('reviews').set({ rating: 2 }).where('course_id', '=', course.id).execute(),
      (_, after) => expect(shown(after)?.averageRating).toBe(2),
    );
  });

  it('a lesson added shows at once', async () => {
    await afterWrite(
      async () => {
        const now = new Date().toISOString();
        await t.db
          .insertInto('lessons')
          .values({
            id: randomUUID(),
            course_id: course.id,
            module_id: moduleId,
            position: 5,
            title: 'Ny',
            kind: 'text',
            content: JSON.stringify({ type: 'doc', content: [] }),
            format: null,
            source: 'manual',
            source_model: null,
            duration_minutes: null,
            version: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
      },
      (before, after) => expect(shown(after)?.lessonCount).toBe((shown(before)?.lessonCount ?? 0) + 1),
    );
  });

  it('a lesson and a review removed show at once', async () => {
    await afterWrite(
      () => t.db.deleteFrom('lessons').where('course_id', '=', course.id).where('title', '=', 'Ny').execute(),
      (before, after) => expect(shown(after)?.lessonCount).toBe((shown(before)?.lessonCount ?? 0) - 1),
    );
    await afterWrite(
      () => t.db.deleteFrom('reviews').where('course_id', '=', course.id).execute(),
      (_, after) => expect(shown(after)).toMatchObject({ reviewCount: 0, averageRating: null }),
    );
  });

  it('learners show as "under 10" until the tenth, then as their number, at once both ways', async () => {
    const learners: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = `learner-${word}-${i}`;
      await insertUser(t.db, {
        id,
        organisationId: c.admin.organisationId,
        email: `${id}@example.dk`,
        passwordHash: 'not-used',
        contactName: `Kursist ${i}`,
        phone: '87654321',
        role: 'learner',
        language: null,
      });
      learners.push(id);
    }
    expect(shown(await pages(t.app))?.learners).toBe('under-10');
    for (const id of learners.slice(0, 9)) await enrol(t, course.id, id);
    expect(shown(await fresh())?.learners).toBe('under-10');
    await afterWrite(
      () => enrol(t, course.id, learners[9]!),
      (before, after) => {
        expect(shown(before)?.learners).toBe('under-10');
        expect(shown(after)?.learners).toBe(10);
      },
    );
    await afterWrite(
      async () => {
        await enrol(t, course.id, learners[10]!);
        await enrol(t, course.id, learners[11]!);
      },
      (_, after) => expect(shown(after)?.learners).toBe(12),
    );
    // Five leave in one statement (as when their accounts go): from 12 to 7 is "under 10" again.
    await afterWrite(
      () => t.db.deleteFrom('enrolments').where('course_id', '=', course.id).where('user_id', 'in', learners.slice(0, 5)).execute(),
      (_, after) => expect(shown(after)?.learners).toBe('under-10'),
    );
  });

  it("the instructor's new name through the other instance shows at once", async () => {
    await afterWrite(
      async () => {
        const res = await other.inject({
          method: 'PATCH',
          url: `/api/users/${c.instructor.id}`,
          payload: { contactName: 'Birgitte Holdbar' },
          headers: { cookie: c.instructor.cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
      (_, after) => expect(shown(after)?.instructor).toBe('Birgitte Holdbar'),
    );
  });

  it("the company's new name shows at once", async () => {
    await afterWrite(
      () => t.db.updateTable('organisations').set({ name: 'Holdbar Læring ApS' }).where('id', '=', c.admin.organisationId).execute(),
      (_, after) => expect(shown(after)?.company.name).toBe('Holdbar Læring ApS'),
    );
  });

  it('a new price and description show at once, and the order by price follows', async () => {
    await afterWrite(
      () => t.db.updateTable('courses').set({ price: 100, description: 'Nu billigere' }).where('id', '=', course.id).execute(),
      (before, after) => {
        expect(shown(after)).toMatchObject({ price: 100, description: 'Nu billigere' });
        expect(before[1]?.courses[0]?.id).not.toBe(course.id);
        expect(after[1]?.courses[0]?.id).toBe(course.id);
      },
    );
  });

  it('a lesson moved to another course shows at once in both', async () => {
    const other = await t.db.selectFrom('courses').select('id').where('title', '=', `Andet ${word}`).executeTakeFirstOrThrow();
    const lessonsOf = (answer: TCataloguePage[], id: string) => answer[0]?.courses.find((x) => x.id === id)?.lessonCount;
    await afterWrite(
      () =>
        t.db.updateTable('lessons').set({ course_id: other.id }).where('course_id', '=', course.id).where('title', '=', 'Første').execute(),
      (before, after) => {
        expect(lessonsOf(after, course.id)).toBe((lessonsOf(before, course.id) ?? 0) - 1);
        expect(lessonsOf(after, other.id)).toBe((lessonsOf(before, other.id) ?? 0) + 1);
      },
    );
  });

  it('a course published and one unpublished show at once, with the counters', async () => {
    await afterWrite(
      () => insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: `Tredje ${word}`, category: 'technology' }),
      (before, after) => {
        expect(after[0]?.total).toBe((before[0]?.total ?? 0) + 1);
        expect(after[3]?.counts.courses).toBe((before[3]?.counts.courses ?? 0) + 1);
      },
    );
    await afterWrite(
      () => t.db.updateTable('courses').set({ status: 'draft' }).where('id', '=', course.id).execute(),
      (before, after) => {
        expect(shown(before)).toBeDefined();
        expect(shown(after)).toBeUndefined();
      },
    );
  });
});
