import type { TCvrCompany } from '../../../../shared/schemas/cvr.ts';
import { isValidCvr, normaliseCvr } from '../../../../shared/validation/cvr.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { CvrRegistryError, type CvrLookup, type CvrRegistry } from '../../../cvr/registry.ts';
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
    if (!isValidCvr(cvr)) throw new AppError('CVR_INVALID', 400, 'cvr.invalid', { fields: { cvr: 'cvr.invalid' } });
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
   * What the registry says about a company, for registration and confirmation. The live registry
   * refuses a number it does not know; a registry that is down or over quota never blocks
   * registration (the company is then 'unchecked'). Being found proves only that the company
   * exists — never that the registrant acts for it.
   */
  async registryFacts(cvr: string): Promise<RegistryFacts> {
    try {
      const answer = await this.lookupCached(cvr);
      if (!answer.found) {
        if (this.registry.authoritative) {
          throw new AppError('CVR_UNKNOWN', 400, 'register.cvrUnknown', { fields: { cvrNumber: 'register.cvrUnknown' } });
        }
        return { status: 'not_found', email: null };
      }
      return { status: 'found', email: answer.company.email };
    } catch (error) {
      if (error instanceof CvrRegistryError) return { status: 'unchecked', email: null, registryError: error.message };
      throw error;
    }
  }
}

export interface RegistryFacts {
  status: 'found' | 'not_found' | 'unchecked';
  /** The company's e-mail address in the registry. */
  email: string | null;
  registryError?: string;
}

function toAppError(error: unknown): unknown {
  if (!(error instanceof CvrRegistryError)) return error;
  return error.reason === 'quota'
    ? new AppError('CVR_QUOTA', 503, 'cvr.quota', { headers: { 'retry-after': '3600' } })
    : new AppError('CVR_UNAVAILABLE', 502, 'cvr.unavailable');
}
