import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { newId } from '../../../security/tokens.ts';
import * as repo from './repository.ts';
import { StatementBuilder, type Verb } from './statements.ts';

export interface Attempt {
  id: string;
  number: number;
  score: number;
  passed: boolean;
}

interface Queued {
  organisationId: string;
  key: string;
  verb: Verb;
  userId: string;
  statement: (id: string, at: string) => Record<string, unknown>;
}

/**
 * What Kursa tells a company's LRS of, as it happens (docs/decisions/063-xapi.md): each learning
 * event becomes one statement, queued once for the LRS the company sends to and sent by the
 * sender. Nothing is queued for a company that sends nowhere or has paused; a statement that
 * cannot be queued is logged and never fails what it tells of.
 */
export class XapiStatements {
  private readonly build: StatementBuilder;

  constructor(
    private readonly db: Db,
    publicUrl: string,
    private readonly installationEndpoint: boolean,
    private readonly log: FastifyBaseLogger,
    private readonly queued: () => void,
  ) {
    this.build = new StatementBuilder(publicUrl);
  }

  /** A lesson opened: told at most once a day per lesson and enrolment. */
  async lessonOpened(enrolmentId: string, lessonId: string): Promise<void> {
    await this.quietly('launched', async () => {
      const row = await this.lessonOf(enrolmentId, lessonId);
      const day = new Date().toISOString().slice(0, 10);
      return (
        row && {
          organisationId: row.organisation_id,
          key: `launched:${row.enrolment_id}:${row.lesson_id}:${day}`,
          verb: 'launched',
          userId: row.user_id,
          statement: (id, at) => this.build.launched(id, at, learnerOf(row), courseOf(row), lessonOf(row)),
        }
      );
    });
  }

  async lessonCompleted(enrolmentId: string, lessonId: string): Promise<void> {
    await this.quietly('progressed', async () => {
      const row = await this.lessonOf(enrolmentId, lessonId);
      return (
        row && {
          organisationId: row.organisation_id,
          key: `progressed:${row.enrolment_id}:${row.cycle}:${row.lesson_id}`,
          verb: 'progressed',
          userId: row.user_id,
          statement: (id, at) => this.build.progressed(id, at, learnerOf(row), courseOf(row), lessonOf(row), row.progress),
        }
      );
    });
  }

  async courseCompleted(enrolmentId: string): Promise<void> {
    await this.quietly('completed', async () => {
      const row = await this.enrolment(enrolmentId).executeTakeFirst();
      return (
        row?.completed_at && {
          organisationId: row.organisation_id,
          key: `completed:${row.enrolment_id}:${row.cycle}`,
          verb: 'completed',
          userId: row.user_id,
          statement: (id) => this.build.completed(id, row.completed_at!, learnerOf(row), courseOf(row)),
        }
      );
    });
  }

  async attempted(enrolmentId: string, lessonId: string, attempt: Attempt): Promise<void> {
    const verb = attempt.passed ? 'passed' : 'failed';
    await this.quietly(verb, async () => {
      const row = await this.lessonOf(enrolmentId, lessonId);
      return (
        row && {
          organisationId: row.organisation_id,
          key: `attempt:${attempt.id}`,
          verb,
          userId: row.user_id,
          statement: (id, at) => this.build.attempted(id, at, learnerOf(row), courseOf(row), lessonOf(row), attempt),
        }
      );
    });
  }

  /** Told on every change of a certificate; only a new, valid one is earned. */
  async certificateChanged(certificateId: string): Promise<void> {
    await this.quietly('earned', async () => {
      const row = await this.db
        .selectFrom('certificates as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .leftJoin('courses as co', 'co.id', 'c.course_id')
        .select([
          'c.id',
          'c.code',
          // The learner's company: it is their learning, whoever's course it was.
          'u.organisation_id',
          'c.user_id',
          'c.course_id',
          'c.course_title',
          'c.issued_at',
          'c.score',
          'c.revoked_at',
        ])
        .select(['u.email', 'u.contact_name', 'co.language'])
        .where('c.id', '=', certificateId)
        .executeTakeFirst();
      return (
        row &&
        row.revoked_at === null && {
          organisationId: row.organisation_id,
          key: `earned:${row.id}`,
          verb: 'earned',
          userId: row.user_id,
          statement: (id) =>
            this.build.earned(id, row.issued_at, learnerOf(row), {
              code: row.code,
              title: row.course_title,
              language: row.language ?? 'da',
              score: row.score,
              courseId: row.course_id,
            }),
        }
      );
    });
  }

  private enrolment(enrolmentId: string) {
    return (
      this.db
        .selectFrom('enrolments as e')
        .innerJoin('courses as c', 'c.id', 'e.course_id')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['e.id as enrolment_id', 'e.user_id', 'e.course_id', 'e.completed_at', 'e.cycle', 'e.progress'])
        // The learner's company: it is their learning, whoever's course it was.
        .select(['u.organisation_id', 'c.title', 'c.language', 'u.email', 'u.contact_name'])
        .where('e.id', '=', enrolmentId)
    );
  }

  private async lessonOf(enrolmentId: string, lessonId: string) {
    return this.enrolment(enrolmentId)
      .innerJoin('lessons as l', (join) => join.onRef('l.course_id', '=', 'e.course_id'))
      .select(['l.id as lesson_id', 'l.title as lesson_title'])
      .where('l.id', '=', lessonId)
      .executeTakeFirst();
  }

  private async sendsAnywhere(organisationId: string): Promise<boolean> {
    const settings = await repo.findSettings(this.db, organisationId);
    return settings ? settings.active === 1 : this.installationEndpoint;
  }

  private async quietly(verb: Verb, read: () => Promise<Queued | undefined | null | false | '' | 0>): Promise<void> {
    try {
      // The usual case costs one small query: no LRS anywhere, nothing to read.
      if (!this.installationEndpoint && !(await repo.anyActiveSettings(this.db))) return;
      const told = await read();
      if (!told || !(await this.sendsAnywhere(told.organisationId))) return;
      const id = newId();
      const at = new Date().toISOString();
      const inserted = await repo.insertStatement(this.db, {
        id,
        organisation_id: told.organisationId,
        event_key: told.key,
        verb: told.verb,
        user_id: told.userId,
        statement: JSON.stringify(told.statement(id, at)),
        created_at: at,
      });
      if (inserted) this.queued();
    } catch (error) {
      this.log.error({ err: error, verb }, 'an xAPI statement could not be queued');
    }
  }
}

const learnerOf = (row: { email: string; contact_name: string }) => ({ email: row.email, name: row.contact_name });
const courseOf = (row: { course_id: string; title: string; language: string }) => ({
  id: row.course_id,
  title: row.title,
  language: row.language,
});
const lessonOf = (row: { lesson_id: string; lesson_title: string }) => ({ id: row.lesson_id, title: row.lesson_title });
