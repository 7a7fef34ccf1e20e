/**
 * The courses domain's public entry: other domains and the composition root (app.ts, demo/) import
 * from here, never from the modules inside (scripts/check-architecture.ts keeps it so).
 *
 * The course model and its files: courses, modules, lessons and revisions, who may see and edit them,
 * and uploads.
 */
export { archived, assertBuilder, assertEditable, conflict, courseFor, lessonFor, moduleFor, notFound } from './courses/access.ts';
export { emptyLessonMessages, isEmptyLesson, missingForPublish, plainText } from './courses/completeness.ts';
export { uploadReferences, validateContent } from './courses/content.ts';
export { OutlinePlanService } from './courses/outline-plan.ts';
export { canEditCourse } from './courses/policy.ts';
export {
  type CourseRow,
  type Executor,
  findLessonContents,
  insertCourse,
  insertLesson,
  insertModule,
  insertRevision,
  type LessonRow,
  updateCourse,
} from './courses/repository.ts';
export { recordRevision } from './courses/revisions.ts';
export { coursesRoutes } from './courses/routes.ts';
export { parseJson, stringList, toLesson } from './courses/serialise.ts';
export { CoursesService } from './courses/service.ts';
export { withFreeSlug } from './courses/slugs.ts';
export { scormPlugin } from './scorm-plugin.ts';
export { insertUpload } from './uploads/repository.ts';
export { sendUpload, uploadsRoutes } from './uploads/routes.ts';
export { UploadsService, type UploadedFile } from './uploads/service.ts';
export * as courseRecords from './courses/records.ts';
