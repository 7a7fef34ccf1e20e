import type { Env } from '../env.ts';
import { CvrApiRegistry } from './cvrapi.ts';
import { OfflineCvrRegistry } from './offline.ts';
import type { CvrRegistry } from './registry.ts';

/** The CVR registry CVR_PROVIDER names: cvrapi.dk, or the offline one with its sample companies. */
export function createCvrRegistry(env: Env): CvrRegistry {
  return env.CVR_PROVIDER === 'cvrapi' ? new CvrApiRegistry({ userAgent: env.CVRAPI_USER_AGENT ?? 'Kursa' }) : new OfflineCvrRegistry();
}
