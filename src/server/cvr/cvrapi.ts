import { toCvrCompany, type CvrApiCompany } from './map.ts';
import { CvrRegistryError, type CvrLookup, type CvrRegistry } from './registry.ts';

export interface CvrApiOptions {
  /** cvrapi.dk requires a descriptive User-Agent naming the product and a contact. */
  userAgent: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * Client for cvrapi.dk: GET /api?search=<cvr>&country=dk. It answers a company as JSON, or
 * {"error": "NOT_FOUND" | "QUOTA_EXCEEDED" | "INVALID_VAT" | …} (50 free look-ups a day).
 */
export class CvrApiRegistry implements CvrRegistry {
  readonly name = 'cvrapi' as const;
  readonly authoritative = true;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: CvrApiOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://cvrapi.dk').replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  async lookup(cvr: string): Promise<CvrLookup> {
    const url = `${this.baseUrl}/api?search=${encodeURIComponent(cvr)}&country=dk`;
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, {
        headers: { 'User-Agent': this.options.userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = await response.json();
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new CvrRegistryError('unavailable', timedOut ? `no answer within ${this.timeoutMs} ms` : `request failed: ${String(error)}`);
    }
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const code = String((body as { error: unknown }).error);
      if (code === 'NOT_FOUND' || code === 'INVALID_VAT') return { found: false };
      if (code === 'QUOTA_EXCEEDED') throw new CvrRegistryError('quota', 'daily quota exceeded');
      throw new CvrRegistryError('unavailable', `registry error ${code} (HTTP ${response.status})`);
    }
    if (!response.ok || typeof body !== 'object' || body === null || !('vat' in body)) {
      throw new CvrRegistryError('unavailable', `unexpected answer (HTTP ${response.status})`);
    }
    const company = toCvrCompany(body as CvrApiCompany, 'cvrapi');
    // A free-text search could match another company; only the exact number counts.
    return company.cvr === cvr ? { found: true, company } : { found: false };
  }
}
