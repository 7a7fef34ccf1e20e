import { extractText, getDocumentProxy } from 'unpdf';
import type { TestApp } from './app.ts';
import { call, type Person } from './courses.ts';
import { insertCourse } from './published-courses.ts';

/** A published course of three text lessons (30 + 45 + 15 minutes: 1.5 hours), owned by `instructorId`. */
export function courseOfNinetyMinutes(t: TestApp, organisationId: string, instructorId: string, title: string) {
  return insertCourse(t.db, organisationId, instructorId, { title }, [
    {
      title: 'Modul 1',
      lessons: [
        { title: 'Første', duration: 30 },
        { title: 'Anden', duration: 45 },
      ],
    },
    { title: 'Modul 2', lessons: [{ title: 'Tredje', duration: 15 }] },
  ]);
}

/** Enrols `who` and completes every lesson through the API; answers the last completion's body. */
export async function completeCourse(t: TestApp, who: Person, courseId: string) {
  await call(t, who, 'POST', `/api/courses/${courseId}/enrol`);
  const outline = (await call(t, who, 'GET', `/api/learning/${courseId}`)).json() as { modules: { lessons: { id: string }[] }[] };
  let last: { statusCode: number; body: string; json(): unknown } | undefined;
  for (const lesson of outline.modules.flatMap((m) => m.lessons))
    last = await call(t, who, 'POST', `/api/learning/${courseId}/lessons/${lesson.id}/complete`);
  return last!;
}

/** The text of a PDF, one string. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}
