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
export { generationJobKinds } from './course-generation/job-kinds.ts';
export { publicMarketing } from './course-insights/marketing.ts';
export { translateKind } from './course-translation/translate-kind.ts';
export { creatorFiguresRoutes } from './creator-figures/routes.ts';
export { CreatorFiguresService } from './creator-figures/service.ts';
export { authoringRoutes } from './routes.ts';
