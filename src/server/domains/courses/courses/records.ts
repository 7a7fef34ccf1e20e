/**
 * The course records another domain may read and write directly: the authoring domain writes the
 * lessons, modules and revisions it generates or translates. Everything else goes through CoursesService.
 */
export {
  findCourse,
  findLesson,
  findLessonSummaries,
  findModule,
  findModules,
  insertLesson,
  insertModule,
  latestRevision,
  nextLessonPosition,
  pruneRevisions,
  updateCourse,
  updateLesson,
  updateModule,
} from './repository.ts';
