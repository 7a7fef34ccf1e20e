import { useQuery } from '@tanstack/react-query';
import type { TMyCertificate } from '@shared/schemas/certificates.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const myCertificates = (signal: AbortSignal) => api.get<{ certificates: TMyCertificate[] }>('/api/certificates', signal);

/** My certificates (GET /api/certificates), newest first: a course's of each cycle and a learning path's. */
export function useMyCertificates() {
  return useQuery({ queryKey: queryKeys.certificates, queryFn: ({ signal }) => myCertificates(signal) });
}

/** The newest certificate of each of my courses, by course, for /learn and the player's completion banner. */
export function useCertificatesByCourse(enabled = true) {
  return useQuery({
    queryKey: queryKeys.certificates,
    queryFn: ({ signal }) => myCertificates(signal),
    enabled,
    select: (data) => {
      const byCourse = new Map<string, TMyCertificate>();
      for (const certificate of data.certificates)
        if (certificate.courseId !== null && !byCourse.has(certificate.courseId)) byCourse.set(certificate.courseId, certificate);
      return byCourse;
    },
  });
}
