import type { LessonFormat, LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import { emptyContent } from '../../../../shared/schemas/lesson-content.ts';
import { COURSE_LIMITS } from '../../../../shared/schemas/courses.ts';
import type { Db } from '../../../db/database.ts';
import { newId } from '../../../security/tokens.ts';
import { archived, courseRecords as courses } from '../../courses/index.ts';
import * as repo from './repository.ts';

/** What AI writes into a lesson: a job's step (jobId) or a request (jobId null). */
export interface GeneratedWrite {
  lessonId: string;
  /** The lesson's version when the job (or the user) read it: any other change since is a user's edit. */
  baseVersion: number;
  jobId: string | null;
  /** Who the replaced state's revision is recorded for (the job's or the request's user); AI's own has none. */
  authorId: string | null;
  kind: LessonKind;
  content: unknown;
  model: string;
  durationMinutes?: number | null | undefined;
  /** The content format it was written in (generate-content's); a text lesson without one is a lesson text. */
  format?: LessonFormat | undefined;
}

export type WriteOutcome = { status: 'written'; version: number } | { status: 'edited' } | { status: 'gone' };

/**
 * May this write still go in? The lesson is at the version it was read at, or it is exactly as
 * this same job last wrote it (a step run again after a crash overwrites its own write). Anything
 * else is somebody's edit since the job began, which AI never clobbers.
 */
export function writable(
  lesson: { version: number; ai_job_id?: string | null; ai_job_version?: number | null },
  baseVersion: number,
  jobId: string | null,
): boolean {
  if (Number(lesson.version) === baseVersion) return true;
  return jobId !== null && lesson.ai_job_id === jobId && Number(lesson.ai_job_version) === Number(lesson.version);
}

const isEmpty = (kind: LessonKind, content: string) => content === JSON.stringify(emptyContent(kind));

/**
 * Writes generated content into a lesson in one transaction: the state it replaces is kept as a
 * revision first (unless it was an empty placeholder or is the newest revision already), then the
 * new state is saved as the next version and recorded as a revision of its own. Nothing is written
 * when the lesson is gone or was edited since; an archived course refuses (409).
 */
export async function writeGenerated(db: Db, write: GeneratedWrite): Promise<WriteOutcome> {
  return db.transaction().execute(async (trx) => {
    const lesson = await courses.findLesson(trx, write.lessonId);
    if (!lesson) return { status: 'gone' } as const;
    if (!writable(lesson, write.baseVersion, write.jobId)) return { status: 'edited' } as const;
    const now = new Date().toISOString();
    const current = Number(lesson.version);
    if ((await repo.latestRevisionVersion(trx, lesson.id)) !== current && !isEmpty(lesson.kind, lesson.content)) {
      await repo.insertRevision(trx, {
        id: newId(),
        lessonId: lesson.id,
        version: current,
        title: lesson.title,
        kind: lesson.kind,
        content: lesson.content,
        authorId: write.authorId,
        now,
      });
    }
    const content = JSON.stringify(write.content);
    const saved = await repo.writeGeneratedLesson(trx, lesson.id, current, {
      kind: write.kind,
      content,
      source: 'ai',
      source_model: write.model,
      ...(write.kind === 'text' ? { format: write.format ?? 'lesson' } : write.format && { format: write.format }),
      ...(write.durationMinutes !== undefined && write.durationMinutes !== null && { duration_minutes: write.durationMinutes }),
      ai_job_id: write.jobId,
      ai_job_version: current + 1,
      updated_at: now,
    });
    if (!saved) {
      const course = await courses.findCourse(trx, lesson.course_id);
      if (course?.status === 'archived') throw archived();
      return { status: 'edited' } as const;
    }
    // AI's own state has no author: a user's next save starts a revision of its own instead of merging into it.
    await repo.insertRevision(trx, {
      id: newId(),
      lessonId: lesson.id,
      version: current + 1,
      title: lesson.title,
      kind: write.kind,
      content,
      authorId: null,
      now,
    });
    await courses.pruneRevisions(trx, lesson.id, COURSE_LIMITS.revisionsKept);
    return { status: 'written', version: current + 1 } as const;
  });
}
