import type { TAnalyzePerformanceResponse, TCourseAnalysisResponse, TCourseMetricsResponse } from '@shared/schemas/course-insights.ts';
import type { TLatestOptimizations, TOptimizationDecision, TOptimizeEngagementResponse } from '@shared/schemas/course-optimizations.ts';
import { api } from '@/lib/api-client';

const id = encodeURIComponent;

/** GET /api/course-creator/courses/:id/metrics: the course's real figures (null without learners) and structure. */
export const getMetrics = (courseId: string, signal?: AbortSignal) =>
  api.get<TCourseMetricsResponse>(`/api/course-creator/courses/${id(courseId)}/metrics`, signal);
/** POST /api/course-creator/analyze-performance: insight cards from those figures. */
export const analyzePerformance = (courseId: string) =>
  api.post<TAnalyzePerformanceResponse>('/api/course-creator/analyze-performance', { course_id: courseId });
/** GET /api/course-creator/courses/:id/analysis: the course's last analysis, kept by the server (null before the first). */
export const getAnalysis = (courseId: string, signal?: AbortSignal) =>
  api.get<TCourseAnalysisResponse>(`/api/course-creator/courses/${id(courseId)}/analysis`, signal);
/** GET /api/course-creator/courses/:id/optimizations/latest: the last call's suggestions with their status now. */
export const getLatestOptimizations = (courseId: string, signal?: AbortSignal) =>
  api.get<TLatestOptimizations>(`/api/course-creator/courses/${id(courseId)}/optimizations/latest`, signal);
/** POST /api/course-creator/optimize-engagement: concrete suggested changes, each to apply or dismiss. */
export const optimizeEngagement = (courseId: string) =>
  api.post<TOptimizeEngagementResponse>('/api/course-creator/optimize-engagement', { course_id: courseId });
export const applyOptimization = (optimizationId: string) =>
  api.post<TOptimizationDecision>(`/api/course-creator/optimizations/${id(optimizationId)}/apply`);
export const dismissOptimization = (optimizationId: string) =>
  api.post<TOptimizationDecision>(`/api/course-creator/optimizations/${id(optimizationId)}/dismiss`);
