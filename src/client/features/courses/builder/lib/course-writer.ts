import type { QueryClient } from '@tanstack/react-query';
import type { TCourse, TLesson } from '@shared/schemas/courses.ts';
import { queryKeys } from '@/lib/query-keys';

/**
 * Every write to a course's settings or outline carries the course version it was based on, and
 * each answers with the whole course at its new version. So they go one at a time, each with the
 * version the previous one returned; two at once would make the second stale (409) in this tab.
 */
export class CourseWriter {
  private chain: Promise<unknown> = Promise.resolve();
  private current: number;
  private written: TCourse | null = null;

  constructor(
    readonly courseId: string,
    version: number,
    private readonly queryClient: QueryClient,
  ) {
    this.current = version;
  }

  version(): number {
    return this.current;
  }

  /** Runs `op` after the writes before it, with the latest version; its answer becomes the course. */
  run(op: (version: number) => Promise<TCourse>): Promise<TCourse> {
    const result = this.chain
      .then(() => op(this.current))
      .then((course) => {
        this.accept(course);
        return course;
      });
    this.chain = result.catch(() => undefined);
    return result;
  }

  /** A course the server returned (a write's answer, or the latest after a conflict). */
  accept(course: TCourse): void {
    this.current = course.version;
    this.written = course;
    this.queryClient.setQueryData(queryKeys.course(this.courseId), course);
    void this.queryClient.invalidateQueries({ queryKey: queryKeys.courses });
  }

  /**
   * The newer of `course` and the one the last write answered. The query cache tells components
   * of a new course a moment later than a save queue tells them the save is done; in between, an
   * edit no longer unsaved would show as it was before the save, for a frame.
   */
  newest(course: TCourse): TCourse {
    return this.written && this.written.version > course.version ? this.written : course;
  }

  /** A lesson save changes the lesson, not the course's version: the outline shows its new title. */
  acceptLesson(lesson: TLesson): void {
    this.queryClient.setQueryData(queryKeys.lesson(lesson.id), lesson);
    this.queryClient.setQueryData<TCourse>(
      queryKeys.course(this.courseId),
      (course) =>
        course && {
          ...course,
          modules: course.modules.map((module) => ({
            ...module,
            lessons: module.lessons.map((summary) =>
              summary.id === lesson.id
                ? {
                    ...summary,
                    title: lesson.title,
                    kind: lesson.kind,
                    durationMinutes: lesson.durationMinutes,
                    freePreview: lesson.freePreview,
                    version: lesson.version,
                    updatedAt: lesson.updatedAt,
                  }
                : summary,
            ),
          })),
        },
    );
  }
}
