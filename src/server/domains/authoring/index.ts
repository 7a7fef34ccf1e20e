/**
 * The authoring domain's public entry: other domains and the composition root (app.ts, demo/) import
 * from here, never from the modules inside (scripts/check-architecture.ts keeps it so).
 *
 * AI help for instructors: the course creator, whole-course generation, translation, source material,
 * insights and marketing copy, the assistants and the AI status.
 */
export { aiRoutes } from './ai/routes.ts';
export { AiStatusService } from './ai/service.ts';
export { searchCourse } from './assistants/retrieval/index.ts';
export { assistantsRoutes } from './assistants/routes.ts';
export { AssistantsService } from './assistants/service.ts';
export { ContentService } from './course-creator/content.ts';
export { DraftCourseService } from './course-creator/draft-course.ts';
export { draftGenerateRoutes } from './course-creator/draft-generate-routes.ts';
export { DraftGenerationService } from './course-creator/draft-generate.ts';
export { creatorDraftsRoutes } from './course-creator/drafts-routes.ts';
export { DraftsService } from './course-creator/drafts.ts';
export { courseCreatorRoutes } from './course-creator/routes.ts';
export { CourseCreatorService } from './course-creator/service.ts';
export { TemplateService } from './course-creator/template.ts';
export { generationJobKinds } from './course-generation/job-kinds.ts';
export { courseGenerationRoutes } from './course-generation/routes.ts';
export { CourseGenerationService } from './course-generation/service.ts';
export { MarketingService, publicMarketing } from './course-insights/marketing.ts';
export { optimizationRoutes } from './course-insights/optimization-routes.ts';
export { OptimizationsService } from './course-insights/optimizations.ts';
export { courseInsightsRoutes } from './course-insights/routes.ts';
export { InsightsService } from './course-insights/service.ts';
export { courseSourcesRoutes } from './course-sources/routes.ts';
export { CourseSourcesService } from './course-sources/service.ts';
export { courseTranslationRoutes } from './course-translation/routes.ts';
export { CourseTranslationService } from './course-translation/service.ts';
export { translateKind } from './course-translation/translate-kind.ts';
export { creatorFiguresRoutes } from './creator-figures/routes.ts';
export { CreatorFiguresService } from './creator-figures/service.ts';
