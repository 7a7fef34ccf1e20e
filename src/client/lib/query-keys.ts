/**
 * Query keys shared by features: several features read or update the signed-in user, and they
 * must agree on where it lives in the cache without importing each other.
 */
export const queryKeys = {
  me: ['me'] as const,
  publicConfig: ['public-config'] as const,
  cvr: (cvr: string) => ['cvr', cvr] as const,
};
