/**
 * The learning domain's public entry: other domains and the composition root (app.ts, demo/) import
 * from here, never from the modules inside (scripts/check-architecture.ts keeps it so).
 *
 * Taking a course: enrolments, progress, quizzes, certificates, reviews and questions to the instructor.
 */
export { CertificateKeys } from './certificates/keys.ts';
export { certificatesRoutes } from './certificates/routes.ts';
export { CertificatesService } from './certificates/service.ts';
export { learningRoutes } from './learning/routes.ts';
export { EnrolmentsService } from './learning/enrolments.ts';
export { LearningService } from './learning/service.ts';
export { pathsRoutes } from './paths/routes.ts';
export { PathsService } from './paths/service.ts';
export { questionsRoutes } from './questions/routes.ts';
export { lessonFaq, QuestionsService, questionsToAnswer } from './questions/service.ts';
export { reviewsRoutes } from './reviews/routes.ts';
export { ReviewsService } from './reviews/service.ts';
export * as learningRecords from './learning/records.ts';
