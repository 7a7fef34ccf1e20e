import { useQuery } from '@tanstack/react-query';
import type {
  TActivityItem,
  TAnalytics,
  TAttention,
  TInstructorCourse,
  TInstructorReview,
  TInstructorStats,
  TOrganisationOverview,
  TStudentItem,
} from '@shared/schemas/dashboard.ts';
import type { TCourseQuestion } from '@shared/schemas/course-questions.ts';
import { QUESTIONS_REFRESH_MS } from '@shared/limits.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The instructor's figures (GET /api/instructors/:id/…), for the dashboard and the profile, by the logged-in user's id. Their keys sit under
 * the company's course list's key, so every write the builder makes (which refreshes that list)
 * refreshes these figures too.
 */
const base = (userId: string) => [...queryKeys.courses, 'instructor', userId] as const;
export const instructorKeys = {
  all: base,
  stats: (userId: string) => [...base(userId), 'stats'] as const,
  courses: (userId: string) => [...base(userId), 'courses'] as const,
  activity: (userId: string) => [...base(userId), 'activity'] as const,
  attention: (userId: string) => [...base(userId), 'attention'] as const,
  students: (userId: string) => [...base(userId), 'students'] as const,
  analytics: (userId: string, days: 30 | 90) => [...base(userId), 'analytics', days] as const,
  reviews: (userId: string) => [...base(userId), 'reviews'] as const,
  questions: (userId: string) => [...base(userId), 'questions'] as const,
};

const path = (userId: string, what: string) => `/api/instructors/${encodeURIComponent(userId)}/${what}`;

export function useInstructorStats(userId: string, enabled = true) {
  return useQuery({
    queryKey: instructorKeys.stats(userId),
    queryFn: ({ signal }) => api.get<TInstructorStats>(path(userId, 'stats'), signal),
    enabled,
  });
}

export function useInstructorCourses(userId: string, enabled = true) {
  return useQuery({
    queryKey: instructorKeys.courses(userId),
    queryFn: ({ signal }) => api.get<TInstructorCourse[]>(path(userId, 'courses'), signal),
    enabled,
  });
}

export function useInstructorActivity(userId: string) {
  return useQuery({
    queryKey: instructorKeys.activity(userId),
    queryFn: ({ signal }) => api.get<TActivityItem[]>(path(userId, 'activity'), signal),
  });
}

/** What needs the person's attention first: drafts, overdue learners, failed AI jobs. */
export function useInstructorAttention(userId: string) {
  return useQuery({
    queryKey: instructorKeys.attention(userId),
    queryFn: ({ signal }) => api.get<TAttention>(path(userId, 'attention'), signal),
    // Learners fall behind their due dates on their own: asked for again each time the overview opens.
    refetchOnMount: 'always',
  });
}

/** Asked for only while Personer is shown (the component mounts with it). */
export function useInstructorStudents(userId: string) {
  return useQuery({
    queryKey: instructorKeys.students(userId),
    queryFn: ({ signal }) => api.get<TStudentItem[]>(path(userId, 'students'), signal),
  });
}

/** Asked for only while the Analyser tab is shown. */
export function useInstructorAnalytics(userId: string, days: 30 | 90) {
  return useQuery({
    queryKey: instructorKeys.analytics(userId, days),
    queryFn: ({ signal }) => api.get<TAnalytics>(`${path(userId, 'analytics')}?days=${days}`, signal),
    // The other period's figures stay on screen while the new ones load.
    placeholderData: (previous) => previous,
  });
}

export function useInstructorReviews(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: instructorKeys.reviews(userId),
    queryFn: ({ signal }) => api.get<TInstructorReview[]>(path(userId, 'reviews'), signal),
    enabled,
  });
}

/** Learners' questions on the instructor's courses (an admin's: the company's), the unanswered first. */
export function useInstructorQuestions(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: instructorKeys.questions(userId),
    queryFn: ({ signal }) => api.get<TCourseQuestion[]>(path(userId, 'questions'), signal),
    enabled,
    refetchInterval: QUESTIONS_REFRESH_MS,
  });
}

/** An admin's company overview (the caller must be an admin; others are not asked). */
export function useOrganisationOverview(enabled: boolean) {
  return useQuery({
    queryKey: ['organisation', 'overview'],
    queryFn: ({ signal }) => api.get<TOrganisationOverview>('/api/organisation/overview', signal),
    enabled,
  });
}
