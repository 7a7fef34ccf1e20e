import type { TCvrCompany } from '../../shared/schemas/cvr.ts';

export type CvrLookup = { found: true; company: TCvrCompany } | { found: false };

/** A CVR registry: the live cvrapi.dk client or the bundled offline fixtures. */
export interface CvrRegistry {
  readonly name: 'offline' | 'cvrapi';
  /** Whether an answer from this registry proves the company exists (only a live registry does). */
  readonly authoritative: boolean;
  /** Looks up a normalised, checksum-valid CVR number. Throws CvrRegistryError when it cannot answer. */
  lookup(cvr: string): Promise<CvrLookup>;
}

/** The registry could not answer: down, slow, refused us, or today's quota is spent. */
export class CvrRegistryError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'quota',
    detail: string,
  ) {
    super(detail);
    this.name = 'CvrRegistryError';
  }
}
