import type { TAnalyzePerformanceResponse, TCourseMetricsResponse } from '@shared/schemas/course-insights.ts';
import type { TOptimizationDecision, TOptimizeEngagementResponse } from '@shared/schemas/course-optimizations.ts';
import { api } from '@/lib/api-client';

const id = encodeURIComponent;

/** GET /api/course-creator/courses/:id/metrics: the course's real figures (null without learners) and structure. */
export const getMetrics = (courseId: string, signal?: AbortSignal) => api.get<TCourseMetricsResponse>(`/api/course-creator/courses/${id(courseId)}/metrics`, signal);
/** POST /api/course-creator/analyze-performance: insight cards from those figures. */
export const analyzePerformance = (courseId: string) => api.post<TAnalyzePerformanceResponse>('/api/course-creator/analyze-performance', { course_id: courseId });
/** POST /api/course-creator/optimize-engagement: concrete suggested changes, each to apply or dismiss. */
export const optimizeEngagement = (courseId: string) => api.post<TOptimizeEngagementResponse>('/api/course-creator/optimize-engagement', { course_id: courseId });
export const applyOptimization = (optimizationId: string) => api.post<TOptimizationDecision>(`/api/course-creator/optimizations/${id(optimizationId)}/apply`);
export const dismissOptimization = (optimizationId: string) => api.post<TOptimizationDecision>(`/api/course-creator/optimizations/${id(optimizationId)}/dismiss`);
