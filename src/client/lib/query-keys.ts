/**
 * Query keys shared by features: several features read or update the signed-in user, and they
 * must agree on where it lives in the cache without importing each other.
 */
export const queryKeys = {
  me: ['me'] as const,
  cvr: (cvr: string) => ['cvr', cvr] as const,
  /** The caller's company's courses (dashboard) and one course with its outline (builder). */
  courses: ['courses'] as const,
  course: (id: string) => ['course', id] as const,
  lesson: (id: string) => ['lesson', id] as const,
  /** My certificates: a completed course gets one, so learning's progress changes refresh them. */
  certificates: ['certificates'] as const,
  /** Learning paths: the company's and mine (a completed course may finish one). */
  paths: ['paths'] as const,
};
