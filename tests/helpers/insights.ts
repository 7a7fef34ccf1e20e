import type { TestApp } from './app.ts';
import { addPerson, call, doc, paragraph, type Person } from './courses.ts';
import { insertCourse } from './published-courses.ts';

/**
 * For the course insights tests: a published course with a text, a video and a quiz lesson (one
 * module), and what learners do in it through the real learning and review API.
 */

export const QUIZ = {
  passMark: 100,
  maxAttempts: null,
  questions: ['q1', 'q2'].map((id) => ({
    id,
    type: 'single',
    prompt: `Spørgsmål ${id}`,
    options: [
      { id: `${id}-right`, text: 'Rigtigt', correct: true },
      { id: `${id}-wrong`, text: 'Forkert', correct: false },
    ],
  })),
};

export const INTRO = 'Velkommen til kurset om sikkerhed på lageret.';

export interface SeededCourse {
  id: string;
  slug: string;
  moduleId: string;
  text: string;
  video: string;
  quiz: string;
}

/** Text 10 min, video 20 min (an embed), quiz 10 min (two questions, pass mark 100, unlimited attempts). */
export async function seededCourse(t: TestApp, owner: Person, overrides: Parameters<typeof insertCourse>[3] = {}): Promise<SeededCourse> {
  const { id, slug } = await insertCourse(
    t.db,
    owner.organisationId,
    owner.id,
    { title: 'Sikkerhed på lageret', description: 'Et kursus om sikkerhed.', ...overrides },
    [
      {
        title: 'Grundregler',
        lessons: [
          { title: 'Introduktion', kind: 'text', duration: 10, content: doc(paragraph(INTRO), paragraph('Anden del af lektionen.')) },
          {
            title: 'Video om truck',
            kind: 'video',
            duration: 20,
            content: { video: { source: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
          },
          { title: 'Quiz', kind: 'quiz', duration: 10, content: QUIZ },
        ],
      },
    ],
  );
  const moduleId = (await t.db.selectFrom('course_modules').select('id').where('course_id', '=', id).executeTakeFirstOrThrow()).id;
  const lessons = await t.db.selectFrom('lessons').select('id').where('course_id', '=', id).orderBy('position').execute();
  return { id, slug, moduleId, text: lessons[0]!.id, video: lessons[1]!.id, quiz: lessons[2]!.id };
}

async function ok(promise: ReturnType<typeof call>, status = 200) {
  const res = await promise;
  if (res.statusCode !== status) throw new Error(`${res.statusCode}: ${res.body}`);
  return res;
}

/** A learner of the course's company, enrolled through the API. */
export async function enrolledLearner(t: TestApp, course: SeededCourse, organisationId: string): Promise<Person> {
  const learner = await addPerson(t, organisationId, 'learner');
  await ok(call(t, learner, 'POST', `/api/courses/${course.id}/enrol`), 201);
  return learner;
}

export const learn = {
  complete: (t: TestApp, who: Person, course: SeededCourse, lessonId: string) =>
    ok(call(t, who, 'POST', `/api/learning/${course.id}/lessons/${lessonId}/complete`)),
  watch: (t: TestApp, who: Person, course: SeededCourse, positionSeconds: number, durationSeconds: number) =>
    ok(call(t, who, 'PUT', `/api/learning/${course.id}/lessons/${course.video}/position`, { positionSeconds, durationSeconds })),
  /** A quiz attempt with `right` of the two questions answered right. */
  quiz: (t: TestApp, who: Person, course: SeededCourse, right: number) =>
    ok(
      call(t, who, 'POST', `/api/learning/${course.id}/lessons/${course.quiz}/attempts`, {
        answers: { q1: [right >= 1 ? 'q1-right' : 'q1-wrong'], q2: [right >= 2 ? 'q2-right' : 'q2-wrong'] },
      }),
      201,
    ),
  review: (t: TestApp, who: Person, course: SeededCourse, rating: number) =>
    ok(call(t, who, 'PUT', `/api/courses/${course.id}/review`, { rating })),
};

/** Danish insights as a model would write them. */
export function danishInsights() {
  return {
    insights: [
      {
        type: 'warning',
        title: 'Lav gennemførelse',
        description: 'Kun 25 % har gennemført kurset.',
        impact: 'high',
        recommendation: 'Gør quizzen lettere at bestå.',
      },
      {
        type: 'positive',
        title: 'God studietid',
        description: 'Deltagerne bruger tid på videoen.',
        impact: 'medium',
        recommendation: 'Behold videoformatet.',
      },
      {
        type: 'improvement',
        title: 'Flere quizzer',
        description: 'Modulet har kun én quiz.',
        impact: 'low',
        recommendation: 'Tilføj en quiz mere.',
      },
    ],
  };
}

/** Marketing copy with the exact counts, in Danish. */
export function danishMarketing(seoTitle = 'Sikkerhed på lageret – online kursus') {
  return {
    landingHeadline: 'Arbejd sikkert på lageret fra første dag',
    benefits: ['Færre ulykker', 'Sikre vaner i hverdagen', 'Klar til truckkørsel'],
    emails: Array.from({ length: 5 }, (_, i) => ({ subject: `E-mail ${i + 1}: sikkerhed`, body: `Tekst til e-mail ${i + 1}.` })),
    socialPosts: Array.from({ length: 20 }, (_, i) => ({
      channel: (['linkedin', 'facebook', 'instagram', 'x'] as const)[i % 4],
      text: `Opslag ${i + 1} om sikkerhed.`,
    })),
    adVariations: Array.from({ length: 10 }, (_, i) => ({ headline: `Annonce ${i + 1}`, text: `Annoncetekst ${i + 1}.` })),
    landingCopy: 'Kurset lærer nye medarbejdere at arbejde sikkert.\n\nDet tager under en time.',
    seoTitle,
    seoDescription: 'Online kursus i sikkerhed på lageret for nye medarbejdere: regler, truck og quiz.',
  };
}
