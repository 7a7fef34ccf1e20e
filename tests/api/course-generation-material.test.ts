import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse, TLesson } from '../../src/shared/schemas/courses.ts';
import type { TTextContent } from '../../src/shared/schemas/lesson-content.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv, systemOf } from '../helpers/ai.ts';
import { dataOf, lessonAnswer } from '../helpers/course-answers.ts';
import { finishedJob, GEN_ENV, startGeneration } from '../helpers/course-generation.ts';
import { call, company, createCourse, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from '../helpers/fake-openai.ts';
import { multipart } from '../helpers/media.ts';

// A course generated from the teacher's own material. The outline is made from the
// material's numbered sections; each lesson gets the full text of the sections it draws on and
// ends with the sections it cites.
let t: TestApp;
let ai: FakeOpenAi;
let a: Company;

const filler = (topic: string) =>
  Array.from({ length: 8 }, (_, i) => `${topic} regel ${i + 1}: kontroller udstyret og skriv afvigelser i logbogen før vagten.`).join(' ');
const MATERIAL = `# Gaffeltrucks\n\n${filler('Truck')}\n\n# Værnemidler\n\n${filler('Hjelm')}\n\n# Nødudgange\n\n${filler('Nødudgang')}\n`;

const schemaName = (r: RecordedRequest) => (r.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
const OUTLINE = {
  modules: [
    {
      title: 'Kørsel',
      description: 'Sikker kørsel med truck.',
      lessons: [{ title: 'Trucken før vagten', summary: 'Tjek af trucken.', duration_minutes: 15, source_sections: [1] }],
    },
    {
      title: 'Beskyttelse',
      description: 'Værnemidler og nødudgange.',
      lessons: [{ title: 'Hjelm og flugtveje', summary: 'Værnemidler og nødudgange.', duration_minutes: 20, source_sections: [2, 3] }],
    },
  ],
};

function answerFor(request: RecordedRequest) {
  if (schemaName(request) === 'outline_from_material') return answer.json(OUTLINE);
  if (schemaName(request) === 'lesson_from_material') {
    const given = (dataOf(request, 'material')!.sections as Array<{ number: number }>).map((s) => s.number);
    const lesson = dataOf(request, 'lesson') as { title: string };
    return answer.json({ ...lessonAnswer(lesson.title), cited_sections: given });
  }
  return answer.fromSchema();
}

beforeAll(async () => {
  ai = await startFakeOpenAi();
  ai.answerWith(answerFor);
  t = await createTestApp({ env: { ...fakeAiEnv(ai.url, { AI_TIMEOUT_MS: '3000' }), ...GEN_ENV }, aiRetry: FAST_RETRY });
  a = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

async function upload(cookie: string): Promise<string> {
  const { body, contentType } = multipart({}, [{ filename: 'lagerhaandbog.md', data: Buffer.from(MATERIAL) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/course-sources',
    payload: body,
    headers: { 'content-type': contentType, cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const textOf = (content: TTextContent) => JSON.stringify(content);

describe('a course from your own material', () => {
  it('outlines from the sections, writes each lesson from the sections it draws on, and cites them', async () => {
    const sourceId = await upload(a.instructor.cookie);
    const created = await createCourse(t, a.instructor, { title: 'Sikkerhed på lageret', language: 'da' });
    ai.reset();
    ai.answerWith(answerFor);
    const jobId = await startGeneration(t, a.instructor, created.id, { sourceId, quizPerModule: false });
    expect((await finishedJob(t, a.instructor, jobId)).status).toBe('succeeded');

    const outline = ai.requests.find((r) => schemaName(r) === 'outline_from_material')!;
    const material = dataOf(outline, 'material') as { title: string; sections: Array<{ number: number; heading: string }> };
    expect(material.title).toBe('lagerhaandbog');
    expect(material.sections.map((s) => s.heading)).toEqual(['Gaffeltrucks', 'Værnemidler', 'Nødudgange']);
    // The material is data in the user message, never in the instructions.
    expect(systemOf(outline)).not.toContain('Gaffeltrucks');
    expect(systemOf(outline)).toContain('underviserens eget materiale');

    const lessons = ai.requests.filter((r) => schemaName(r) === 'lesson_from_material');
    expect(lessons).toHaveLength(2);
    const about = (title: string) => lessons.find((r) => (dataOf(r, 'lesson') as { title: string }).title === title)!;
    const first = dataOf(about('Trucken før vagten'), 'material') as { sections: Array<{ number: number; text: string }> };
    expect(first.sections.map((s) => s.number)).toEqual([1]);
    expect(first.sections[0]!.text).toContain('Truck regel 8');
    const second = dataOf(about('Hjelm og flugtveje'), 'material') as { sections: Array<{ number: number; text: string }> };
    expect(second.sections.map((s) => s.number)).toEqual([2, 3]);
    expect(JSON.stringify(second)).not.toContain('Truck regel');

    const course: TCourse = (await call(t, a.instructor, 'GET', `/api/courses/${created.id}`)).json();
    expect(course.modules.map((m) => m.title)).toEqual(['Kørsel', 'Beskyttelse']);
    const lessonId = course.modules[1]!.lessons[0]!.id;
    const written: TLesson = (await call(t, a.instructor, 'GET', `/api/lessons/${lessonId}`)).json();
    const content = written.content as TTextContent;
    const last = content.content.slice(-2);
    expect(last[0]).toMatchObject({ type: 'heading', content: [{ text: 'Kilder' }] });
    expect(textOf(last[1] as TTextContent)).toContain('Afsnit 2: Værnemidler – lagerhaandbog');
    expect(textOf(last[1] as TTextContent)).toContain('Afsnit 3: Nødudgange – lagerhaandbog');
  });

  it('re-asks a lesson that cites a section it was not given', async () => {
    const sourceId = await upload(a.instructor.cookie);
    const created = await createCourse(t, a.instructor, { title: 'Kursus', language: 'da' });
    ai.reset();
    let wrong = true;
    ai.answerWith((request) => {
      if (wrong && schemaName(request) === 'lesson_from_material') {
        wrong = false;
        return answer.json({ ...lessonAnswer('X'), cited_sections: [99] });
      }
      return answerFor(request);
    });
    const jobId = await startGeneration(t, a.instructor, created.id, { sourceId, quizPerModule: false });
    expect((await finishedJob(t, a.instructor, jobId)).status).toBe('succeeded');
    const repair = ai.requests.find((r) => r.messages.some((m) => m.role === 'assistant'));
    expect(repair?.messages.at(-1)?.content).toMatch(/cite only the sections given/);
  });

  it('succeeds with a model that answers at the edges of the schemas it is sent (the sections are bounded there)', async () => {
    const sourceId = await upload(a.instructor.cookie);
    const created = await createCourse(t, a.instructor, { title: 'Kanter', language: 'da' });
    ai.reset();
    // The fewest modules and lessons keep the job small; the lesson cites as many sections as it may.
    ai.answerWith((request) =>
      schemaName(request) === 'outline_from_material'
        ? answer.atSchemaEdge('min')
        : schemaName(request) === 'lesson_from_material'
          ? answer.atSchemaEdge('max')
          : answer.fromSchema(),
    );
    const jobId = await startGeneration(t, a.instructor, created.id, { sourceId, quizPerModule: false });
    const job = await finishedJob(t, a.instructor, jobId);
    expect(job.status, JSON.stringify(job.steps.map((s) => s.error))).toBe('succeeded');
    // Answered once each: nothing had to be re-asked.
    expect(ai.requests.filter((r) => schemaName(r) === 'outline_from_material')).toHaveLength(1);
    expect(ai.requests.filter((r) => r.messages.some((m) => m.role === 'assistant'))).toEqual([]);
    const course: TCourse = (await call(t, a.instructor, 'GET', `/api/courses/${created.id}`)).json();
    const lesson: TLesson = (await call(t, a.instructor, 'GET', `/api/lessons/${course.modules[0]!.lessons[0]!.id}`)).json();
    expect(textOf(lesson.content as TTextContent)).toContain('Afsnit 1: Gaffeltrucks');
  });

  it('answers 404 for material that is not the user’s, and starts nothing', async () => {
    const other = await company(t);
    const theirs = await upload(other.admin.cookie);
    const created = await createCourse(t, a.instructor, { title: 'Kursus', language: 'da' });
    for (const sourceId of [theirs, 'no-such-material']) {
      const res = await call(t, a.instructor, 'POST', `/api/course-generation/courses/${created.id}/generate`, { options: { sourceId } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SOURCE_NOT_FOUND');
    }
    const jobs = (await call(t, a.instructor, 'GET', `/api/course-generation/courses/${created.id}/jobs`)).json();
    expect(jobs.jobs).toEqual([]);
  });
});
