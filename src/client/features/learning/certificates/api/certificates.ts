import { useQuery } from '@tanstack/react-query';
import type { TMyCertificate } from '@shared/schemas/certificates.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** My certificates (GET /api/certificates), for /learn and the player's completion banner. */
export function useMyCertificates(enabled = true) {
  return useQuery({
    queryKey: queryKeys.certificates,
    queryFn: ({ signal }) => api.get<{ certificates: TMyCertificate[] }>('/api/certificates', signal),
    enabled,
    // A course's certificate by its course (a learning path's has none).
    select: (data) =>
      new Map(data.certificates.filter((c) => c.courseId !== null).map((certificate) => [certificate.courseId!, certificate])),
  });
}
