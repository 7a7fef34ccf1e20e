import type { TJob } from '@shared/schemas/jobs.ts';
import { apiRequest } from '@/lib/api-client';

/** A durable job's calls (/api/jobs), whichever screen started it: the builder's AI panel or the creator wizard. */
const id = encodeURIComponent;

export const getJob = (jobId: string, signal?: AbortSignal) => apiRequest<TJob>('GET', `/api/jobs/${id(jobId)}`, { signal });
export const cancelJob = (jobId: string) => apiRequest<unknown>('POST', `/api/jobs/${id(jobId)}/cancel`);
export const retryStep = (jobId: string, key: string) => apiRequest<unknown>('POST', `/api/jobs/${id(jobId)}/steps/${id(key)}/retry`);
