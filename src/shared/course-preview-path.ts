/**
 * Where a free preview lesson opens: /courses/{slug}/preview/{lesson id} (APP_ROUTE_PATTERNS.coursePreview).
 * A module of its own, not in routes.ts: only the pages that link to a preview need it, and
 * routes.ts is in every page's first load.
 */
export const coursePreviewPath = (slug: string, lessonId: string) => `/courses/${slug}/preview/${lessonId}`;
