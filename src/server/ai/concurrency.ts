import { AiTimeoutError } from './retry.ts';
import { loadedAiSdk } from './sdk.ts';

/**
 * How many requests go to one AI provider at once, learnt from its answers (additive increase,
 * multiplicative decrease, as TCP does): the limit starts wide, halves when the provider says it
 * has too much (429, overloaded) or stops answering in time, and grows by one for every window of
 * successes that used it fully. A provider with room is used to its capacity at once; one that
 * pushes back gets fewer requests until it has room again, rather than retries on top.
 *
 * Requests over the limit wait here, and a freed slot goes to the company with the fewest requests
 * in flight (the first to come among equals): a company that starts a large job does not make
 * another's wait behind all of it. Interactive requests (a person waiting on the answer) go first.
 */

export interface AdaptiveLimitOptions {
  /** Where the limit starts (AI_PROVIDER_CONCURRENCY). */
  initial: number;
  /** The most it grows to (AI_PROVIDER_CONCURRENCY_MAX). */
  max: number;
  /** The least it shrinks to. */
  min?: number;
}

/** How a request ended, as far as the provider's load is concerned. */
export type RequestOutcome = 'ok' | 'overloaded' | 'other';

interface Waiter {
  company: string;
  interactive: boolean;
  order: number;
  grant: () => void;
}

/** Overload: the provider refused for load (429, 503, Anthropic's 529), or did not answer within the timeout. */
export function outcomeOf(error: unknown): RequestOutcome {
  if (error instanceof AiTimeoutError) return 'overloaded';
  // A provider's answer can only be one of the SDK's errors once a request has loaded the SDK.
  const sdk = loadedAiSdk();
  if (sdk && (sdk.APICallError.isInstance(error) || sdk.StreamProviderError.isInstance(error))) {
    const status = error.statusCode;
    if (status === 429 || status === 503 || status === 529) return 'overloaded';
  }
  return 'other';
}

export class AdaptiveLimit {
  private value: number;
  private readonly min: number;
  private readonly max: number;
  private inFlight = 0;
  private readonly perCompany = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  private order = 0;
  /** When the limit was last halved: a request that started before then was sent under the old limit. */
  private lastDecrease = -Infinity;
  /** Successes counted towards the next step up. */
  private credit = 0;

  constructor(options: AdaptiveLimitOptions) {
    this.min = Math.max(1, options.min ?? 1);
    this.max = Math.max(this.min, options.max, options.initial);
    this.value = Math.min(this.max, Math.max(this.min, options.initial));
  }

  /** The current limit (whole requests). */
  get limit(): number {
    return this.value;
  }

  get active(): number {
    return this.inFlight;
  }

  /**
   * Waits for a slot for `company`'s request (rejects with the signal's reason if it ends first),
   * and gives back the function that frees it with the request's outcome.
   */
  async acquire(
    company: string,
    options: { interactive?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<(outcome: RequestOutcome) => void> {
    const { signal } = options;
    if (signal?.aborted) throw signal.reason;
    if (this.inFlight >= this.value || this.waiting.length > 0) {
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          company,
          interactive: options.interactive ?? false,
          order: this.order++,
          grant: () => {
            signal?.removeEventListener('abort', abort);
            resolve();
          },
        };
        const abort = () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', abort, { once: true });
        this.waiting.push(waiter);
        this.grant();
      });
    } else {
      this.take(company);
    }
    const started = performance.now();
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      this.release(company, outcome, started);
    };
  }

  private take(company: string): void {
    this.inFlight++;
    this.perCompany.set(company, (this.perCompany.get(company) ?? 0) + 1);
  }

  private release(company: string, outcome: RequestOutcome, started: number): void {
    const full = this.inFlight >= this.value;
    this.inFlight--;
    const left = (this.perCompany.get(company) ?? 1) - 1;
    if (left > 0) this.perCompany.set(company, left);
    else this.perCompany.delete(company);
    if (outcome === 'overloaded') {
      // One halving per round: the other requests of the round that fail alike were sent under
      // the limit just halved, and say nothing new.
      if (started >= this.lastDecrease) {
        this.value = Math.max(this.min, Math.floor(this.value / 2));
        this.lastDecrease = performance.now();
        this.credit = 0;
      }
    } else if (outcome === 'ok' && (full || this.waiting.length > 0)) {
      // Growth only while the limit is what holds requests back: an idle limit proves nothing.
      this.credit++;
      if (this.credit >= this.value) {
        this.credit = 0;
        this.value = Math.min(this.max, this.value + 1);
      }
    }
    this.grant();
  }

  /** Hands free slots to waiters: interactive first, then the company with the fewest in flight, then the earliest. */
  private grant(): void {
    while (this.inFlight < this.value && this.waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < this.waiting.length; i++) if (this.before(this.waiting[i]!, this.waiting[best]!)) best = i;
      const [waiter] = this.waiting.splice(best, 1);
      this.take(waiter!.company);
      waiter!.grant();
    }
  }

  private before(a: Waiter, b: Waiter): boolean {
    if (a.interactive !== b.interactive) return a.interactive;
    const inA = this.perCompany.get(a.company) ?? 0;
    const inB = this.perCompany.get(b.company) ?? 0;
    return inA !== inB ? inA < inB : a.order < b.order;
  }
}

/** One adaptive limit per provider (they do not share capacity). */
export class ProviderLimits {
  private readonly limits = new Map<string, AdaptiveLimit>();

  constructor(private readonly options: AdaptiveLimitOptions) {}

  for(provider: string): AdaptiveLimit {
    let limit = this.limits.get(provider);
    if (!limit) this.limits.set(provider, (limit = new AdaptiveLimit(this.options)));
    return limit;
  }

  /** The smallest current limit among the providers used so far (the starting one before any). */
  capacity(): number {
    let least: number | undefined;
    for (const limit of this.limits.values()) least = least === undefined ? limit.limit : Math.min(least, limit.limit);
    return least ?? Math.min(this.options.initial, Math.max(this.options.max, this.options.initial));
  }
}
