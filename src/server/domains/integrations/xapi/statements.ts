/**
 * The xAPI 1.0.3 statements Kursa sends (docs/decisions/063-xapi.md): ADL's verbs where one fits,
 * activities named by their address in this installation, the learner as a mailbox.
 */

const ADL = 'http://adlnet.gov/expapi';

export const XAPI_VERSION = '1.0.3';

export const VERBS = {
  launched: { id: `${ADL}/verbs/launched`, display: { en: 'launched', da: 'åbnede' } },
  progressed: { id: `${ADL}/verbs/progressed`, display: { en: 'progressed', da: 'kom videre i' } },
  completed: { id: `${ADL}/verbs/completed`, display: { en: 'completed', da: 'gennemførte' } },
  passed: { id: `${ADL}/verbs/passed`, display: { en: 'passed', da: 'bestod' } },
  failed: { id: `${ADL}/verbs/failed`, display: { en: 'failed', da: 'bestod ikke' } },
  earned: { id: 'http://id.tincanapi.com/verb/earned', display: { en: 'earned', da: 'opnåede' } },
  experienced: { id: `${ADL}/verbs/experienced`, display: { en: 'experienced', da: 'oplevede' } },
} as const;
export type Verb = keyof typeof VERBS;

const PLATFORM = 'Kursa';

/** cmi5's extension for how far through something the learner is, in whole per cent. */
const PROGRESS = 'https://w3id.org/xapi/cmi5/result/extensions/progress';

export interface Learner {
  email: string;
  name: string;
}

export interface Named {
  id: string;
  title: string;
}

export interface Course extends Named {
  language: string;
}

const agent = (learner: Learner) => ({ objectType: 'Agent', mbox: `mailto:${learner.email}`, name: learner.name });

export class StatementBuilder {
  constructor(private readonly publicUrl: string) {}

  courseActivity(course: Course) {
    return this.activity(`${this.publicUrl}/courses/${course.id}`, `${ADL}/activities/course`, course.title, course.language);
  }

  lessonActivity(course: Course, lesson: Named, type: 'lesson' | 'assessment') {
    return this.activity(
      `${this.publicUrl}/courses/${course.id}/lessons/${lesson.id}`,
      `${ADL}/activities/${type}`,
      lesson.title,
      course.language,
    );
  }

  /** A statement with its id, timestamp, actor and verb; `rest` holds the object, result and context. */
  statement(id: string, at: string, learner: Learner, verb: Verb, rest: Record<string, unknown>) {
    return { id, timestamp: at, actor: agent(learner), verb: VERBS[verb], ...rest };
  }

  launched(id: string, at: string, learner: Learner, course: Course, lesson: Named) {
    return this.statement(id, at, learner, 'launched', {
      object: this.lessonActivity(course, lesson, 'lesson'),
      context: this.within(course),
    });
  }

  progressed(id: string, at: string, learner: Learner, course: Course, lesson: Named, progress: number) {
    return this.statement(id, at, learner, 'progressed', {
      object: this.courseActivity(course),
      result: { completion: progress >= 100, extensions: { [PROGRESS]: progress } },
      // The lesson completed, beside the course it moved on.
      context: {
        platform: PLATFORM,
        language: course.language,
        contextActivities: { other: [this.lessonActivity(course, lesson, 'lesson')] },
      },
    });
  }

  completed(id: string, at: string, learner: Learner, course: Course) {
    return this.statement(id, at, learner, 'completed', {
      object: this.courseActivity(course),
      result: { completion: true, extensions: { [PROGRESS]: 100 } },
      context: { platform: PLATFORM, language: course.language },
    });
  }

  attempted(
    id: string,
    at: string,
    learner: Learner,
    course: Course,
    quiz: Named,
    attempt: { score: number; passed: boolean; number: number },
  ) {
    return this.statement(id, at, learner, attempt.passed ? 'passed' : 'failed', {
      object: this.lessonActivity(course, quiz, 'assessment'),
      result: {
        score: { scaled: attempt.score / 100, raw: attempt.score, min: 0, max: 100 },
        success: attempt.passed,
        completion: attempt.passed,
      },
      context: { ...this.within(course), extensions: { [`${this.publicUrl}/xapi/extensions/attempt`]: attempt.number } },
    });
  }

  earned(
    id: string,
    at: string,
    learner: Learner,
    certificate: { code: string; title: string; language: string; score: number | null; courseId: string | null },
  ) {
    return this.statement(id, at, learner, 'earned', {
      object: this.activity(
        `${this.publicUrl}/verify/${certificate.code}`,
        `${this.publicUrl}/xapi/activity-types/certificate`,
        certificate.title,
        certificate.language,
      ),
      ...(certificate.score !== null && {
        result: { score: { scaled: certificate.score / 100, raw: certificate.score, min: 0, max: 100 } },
      }),
      ...(certificate.courseId && {
        context: { contextActivities: { parent: [{ objectType: 'Activity', id: `${this.publicUrl}/courses/${certificate.courseId}` }] } },
      }),
    });
  }

  /** What "Send test statement" sends: the admin experienced the connection. */
  test(id: string, at: string, learner: Learner) {
    return this.statement(id, at, learner, 'experienced', {
      object: this.activity(`${this.publicUrl}/xapi/test`, `${ADL}/activities/interaction`, 'Kursa: test of the LRS connection', 'en'),
    });
  }

  private within(course: Course) {
    return { platform: PLATFORM, language: course.language, contextActivities: { parent: [this.courseActivity(course)] } };
  }

  private activity(id: string, type: string, name: string, language: string) {
    return { objectType: 'Activity', id, definition: { type, name: { [language]: name } } };
  }
}
