import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import type { TestApp } from '../helpers/app.ts';
import { fakeAiEnv } from '../helpers/ai.ts';
import { courseAnswer, subjectOf, taskOf } from '../helpers/course-answers.ts';
import { GEN_ENV, startGeneration } from '../helpers/course-generation.ts';
import { call, company, createCourse, type Company } from '../helpers/courses.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { finished, jobRow, JobsBed, stepRows, until } from '../helpers/jobs.ts';
import { freePort, waitForHealth } from '../helpers/server-process.ts';

// A whole-course job outlives the server running it. Killed with SIGKILL mid-course,
// it is taken over by the next server once its lease runs out; steps done before the kill are not
// asked of the provider again (counted per step at the fake), and the course has no duplicates.
const bed = new JobsBed();
let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
const children: ChildProcess[] = [];

beforeAll(async () => {
  await bed.open();
  ai = await startFakeOpenAi();
  ai.answerWith((request) => courseAnswer(request, { delayMs: taskOf(request) === 'generate-lesson' ? 250 : 30 }));
  // This instance serves the API only: the job runs in the server processes below.
  const app = await bed.app(fakeAiEnv(ai.url), { runWorker: false });
  t = { app, db: bed.db, database: bed.database, close: async () => {} };
  a = await company(t);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await bed.close();
  await ai.close();
});

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/jobs-server.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: bed.database.url,
      DATA_DIR: bed.database.dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...GEN_ENV,
      ...fakeAiEnv(ai.url, { AI_TIMEOUT_MS: '5000' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await waitForHealth(port);
  return { child, exited };
}

const doneKeys = async (id: string) => (await stepRows(bed.db, id)).filter((s) => s.status === 'done').map((s) => s.key);

describe('a whole-course job whose server dies', () => {
  it('is resumed by the next server without repeating finished steps or duplicating the outline', async () => {
    const created = await createCourse(t, a.admin, { title: 'Sikkerhed på lageret', language: 'da' });
    const jobId = await startGeneration(t, a.admin, created.id, { moduleCount: 4, lessonsPerModule: 3 });
    const first = await startServer();
    await until(async () => (await doneKeys(jobId)).filter((k) => k.startsWith('lesson:')).length >= 4, 'four lessons done', 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    expect((await jobRow(bed.db, jobId)).status).toBe('running');
    const doneBefore = await doneKeys(jobId);
    expect(doneBefore.length).toBeLessThan(17);

    const second = await startServer();
    const done = await finished(bed.db, jobId);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, lease_expiries: 1 });

    const course: TCourse = (await call(t, a.admin, 'GET', `/api/courses/${created.id}`)).json();
    expect(course.modules).toHaveLength(4);
    expect(course.modules.every((m) => m.lessons.length === 4)).toBe(true);
    const steps = await stepRows(bed.db, jobId);
    expect(steps).toHaveLength(17);
    // No step took its own earlier write for a user's edit.
    expect(steps.filter((s) => s.note !== null)).toEqual([]);
    const titleOf = new Map<string, string>(
      course.modules.flatMap((m) => [...m.lessons.map((l) => [`lesson:${l.id}`, l.title] as const), [`quiz:${m.id}`, m.title] as const]),
    );
    const calls = (key: string) =>
      ai.requests.filter((r) =>
        key === 'outline'
          ? taskOf(r) === 'generate-outline'
          : subjectOf(r) === titleOf.get(key) && taskOf(r) === (key.startsWith('quiz:') ? 'generate-quiz' : 'generate-lesson'),
      ).length;
    expect(calls('outline')).toBe(1);
    for (const key of doneBefore) expect(calls(key), key).toBe(1);
    for (const s of steps) expect(calls(s.key), s.key).toBeLessThanOrEqual(2);
    // A lesson in flight at the kill was asked again and written once more, as a new revision of the same lesson.
    const repeated = steps.filter((s) => calls(s.key) === 2).map((s) => s.key);
    expect(repeated.every((key) => !doneBefore.includes(key))).toBe(true);
    expect(ai.requests).toHaveLength(17 + repeated.length);
  });
});
