import type { FastifyPluginAsync } from 'fastify';
import type { AiRunner } from '../../ai/run-task.ts';
import type { Db } from '../../db/database.ts';
import type { JobsService } from '../../jobs/service.ts';
import type { Storage } from '../../storage/storage.ts';
import { type CoursesService, OutlinePlanService, type UploadsService } from '../courses/index.ts';
import { ContentService } from './course-creator/content.ts';
import { DraftCourseService } from './course-creator/draft-course.ts';
import { draftGenerateRoutes } from './course-creator/draft-generate-routes.ts';
import { DraftGenerationService } from './course-creator/draft-generate.ts';
import { creatorDraftsRoutes } from './course-creator/drafts-routes.ts';
import { DraftsService } from './course-creator/drafts.ts';
import { courseCreatorRoutes } from './course-creator/routes.ts';
import { CourseCreatorService } from './course-creator/service.ts';
import { TemplateService } from './course-creator/template.ts';
import { courseGenerationRoutes } from './course-generation/routes.ts';
import { CourseGenerationService } from './course-generation/service.ts';
import { courseMediaRoutes } from './course-media/routes.ts';
import { CourseMediaService } from './course-media/service.ts';
import { MarketingService } from './course-insights/marketing.ts';
import { optimizationRoutes } from './course-insights/optimization-routes.ts';
import { OptimizationsService } from './course-insights/optimizations.ts';
import { courseInsightsRoutes } from './course-insights/routes.ts';
import { InsightsService } from './course-insights/service.ts';
import { courseSourcesRoutes } from './course-sources/routes.ts';
import { CourseSourcesService } from './course-sources/service.ts';
import { courseTranslationRoutes } from './course-translation/routes.ts';
import { CourseTranslationService } from './course-translation/service.ts';

/**
 * The AI course creator's routes and the services behind them (its drafts, the outline plan,
 * content, whole-course generation, sources, translation, insights, marketing, optimisations and
 * the media step's pictures),
 * put together from what the app has built.
 */
export const authoringRoutes: FastifyPluginAsync<{
  db: Db;
  ai: AiRunner;
  courses: CoursesService;
  jobs: JobsService;
  storage: Storage;
  uploads: UploadsService;
  publicUrl: string;
}> = async (api, { db, ai, courses, jobs, storage, uploads, publicUrl }) => {
  const drafts = new DraftsService(db);
  const plans = new OutlinePlanService(db, publicUrl);
  const content = new ContentService(ai, courses, plans);
  await api.register(courseCreatorRoutes, {
    creator: new CourseCreatorService(ai),
    templates: new TemplateService(db, ai, drafts),
    content,
  });
  const draftCourses = new DraftCourseService(db, drafts, courses, plans);
  await api.register(creatorDraftsRoutes, { drafts, draftCourses, content });
  const generation = new CourseGenerationService(db, ai, jobs);
  await api.register(courseGenerationRoutes, { generation });
  await api.register(draftGenerateRoutes, { draftGeneration: new DraftGenerationService(db, generation) });
  await api.register(courseSourcesRoutes, { sources: new CourseSourcesService(db) });
  await api.register(courseTranslationRoutes, { translation: new CourseTranslationService(db, ai, jobs, storage) });
  const insights = new InsightsService(db, ai);
  await api.register(courseInsightsRoutes, { insights, marketing: new MarketingService(db, ai) });
  await api.register(courseMediaRoutes, { media: new CourseMediaService(db, ai, uploads, courses, content) });
  await api.register(optimizationRoutes, { optimizations: new OptimizationsService(db, ai, insights, api.log) });
};
