import { toCvrCompany } from './map.ts';
import { CVR_FIXTURES } from './offline-fixtures.ts';
import type { CvrLookup, CvrRegistry } from './registry.ts';

/** Answers from the bundled fixtures; never proves a company exists, so registrations stay unverified. */
export class OfflineCvrRegistry implements CvrRegistry {
  readonly name = 'offline' as const;
  readonly authoritative = false;

  async lookup(cvr: string): Promise<CvrLookup> {
    const fixture = CVR_FIXTURES.find((f) => f.cvr === cvr);
    return fixture ? { found: true, company: toCvrCompany({ ...fixture, vat: fixture.cvr }, 'offline') } : { found: false };
  }
}
