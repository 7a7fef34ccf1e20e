import type { TCvrCompany } from '../../../shared/schemas/cvr.ts';
import { isValidCvr, normaliseCvr } from '../../../shared/validation/cvr.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { CvrRegistryError, type CvrLookup, type CvrRegistry } from '../../cvr/registry.ts';
import { findCachedLookup, storeLookup } from './repository.ts';

const CACHE_MS = 24 * 60 * 60 * 1000;

/** Look-ups through the configured registry, with live answers cached for a day (the quota is small). */
export class CvrService {
  constructor(
    private readonly db: Db,
    readonly registry: CvrRegistry,
  ) {}

  private async lookupCached(cvr: string): Promise<CvrLookup> {
    if (!this.registry.authoritative) return this.registry.lookup(cvr);
    const now = new Date();
    const cached = await findCachedLookup(this.db, cvr, new Date(now.getTime() - CACHE_MS));
    if (cached) return cached;
    const answer = await this.registry.lookup(cvr);
    await storeLookup(this.db, cvr, answer, now);
    return answer;
  }

  /** GET /api/cvr/:cvr — 400 bad checksum, 404 unknown, 502/503 when the registry can't answer. */
  async find(input: string): Promise<TCvrCompany> {
    const cvr = normaliseCvr(input);
    if (!isValidCvr(cvr)) throw new AppError('CVR_INVALID', 400, 'cvr.invalid', { cvr: 'cvr.invalid' });
    let answer: CvrLookup;
    try {
      answer = await this.lookupCached(cvr);
    } catch (error) {
      throw toAppError(error);
    }
    if (!answer.found) throw new AppError('CVR_NOT_FOUND', 404, 'cvr.notFound');
    return answer.company;
  }

  /**
   * At registration: a live registry that does not know the number refuses it; a registry that is
   * down or over quota never blocks registration, and the company is then stored as unverified.
   */
  async verifyForRegistration(cvr: string): Promise<{ verified: boolean; registryError?: string }> {
    if (!this.registry.authoritative) return { verified: false };
    try {
      const answer = await this.lookupCached(cvr);
      if (!answer.found) {
        throw new AppError('CVR_UNKNOWN', 400, 'register.cvrUnknown', { cvrNumber: 'register.cvrUnknown' });
      }
      return { verified: true };
    } catch (error) {
      if (error instanceof CvrRegistryError) return { verified: false, registryError: error.message };
      throw error;
    }
  }
}

function toAppError(error: unknown): unknown {
  if (!(error instanceof CvrRegistryError)) return error;
  return error.reason === 'quota'
    ? new AppError('CVR_QUOTA', 503, 'cvr.quota', undefined, undefined, { 'retry-after': '3600' })
    : new AppError('CVR_UNAVAILABLE', 502, 'cvr.unavailable');
}
