import type { TAiUsage } from '../../shared/schemas/ai.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import * as repo from './usage-repository.ts';
import { newId } from '../security/tokens.ts';

export type RunOutcome = 'ok' | 'bad_output' | 'unavailable' | 'aborted';

export interface UsageRecord {
  organisationId: string;
  userId: string | null;
  task: string;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  requests: number;
  durationMs: number;
  outcome: RunOutcome;
}

/** The first instant of `now`'s calendar month, UTC, as stored timestamps are written. */
export function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** `now`'s month as the limits' rows name it ('YYYY-MM', UTC), with its first instant. */
export function monthOf(now: Date): { month: string; from: string } {
  const from = monthStart(now);
  return { month: from.slice(0, 7), from };
}

const monthKey = (organisationId: string, now: Date) => ({ organisationId, ...monthOf(now) });

/** A run's tokens held against the company's quota until the run is settled. */
export interface Reservation {
  id: string;
  organisationId: string;
  tokens: number;
}

/**
 * How long a reservation holds if its run is never settled (the instance died): then the next
 * reservation of the company gives it back. Far longer than any run (each request is cut after
 * AI_TIMEOUT_MS of silence and retried at most three times); a run that outlives it is still
 * metered in full when it ends.
 */
export const RESERVATION_TTL_MS = 60 * 60_000;

/**
 * A run's tokens before it runs: its prompt at three characters a token — English prose is nearer
 * four, Danish words and JSON data fewer, so this rarely falls short — plus what the model may write
 * (`outputAllowance`: the task's answer; a retry or the re-ask can cost more, which the metered
 * figure then shows). The estimate only decides how many runs may be under way at once near the
 * quota; the metered figure replaces it when the run ends.
 */
export function estimateTokens(promptChars: number, outputAllowance: number): number {
  return Math.ceil(promptChars / 3) + outputAllowance;
}

/** What a structured task (a concept, a lesson, a quiz …) may write, and a chat reply. */
export const OUTPUT_ALLOWANCE = { task: 4000, chat: 1000 } as const;

/**
 * What one drawn image is counted as when the provider reports no tokens for it (a compatible
 * server): about what OpenAI's image models count for a medium-quality landscape image, so a
 * company's quota limits pictures as it limits text.
 */
export const IMAGE_TOKENS = 1600;

const quotaExceeded = (quota: number) => new AppError('AI_QUOTA_EXCEEDED', 429, 'ai.quotaExceeded', { params: { quota } });

/**
 * Usage metering and the monthly quota: every run is recorded, failed ones too. A run
 * first reserves an estimate of its tokens, atomically in the database, and is refused once the
 * company's metered and reserved tokens this calendar month (UTC) reach its quota; when it ends its
 * metered tokens replace the reservation. So parallel runs, on any instance, pass the quota only by
 * the runs admitted while the company was still under it.
 */
export class AiMeter {
  constructor(
    private readonly db: Db,
    readonly monthlyQuota: number,
  ) {}

  async usage(organisationId: string, now = new Date()): Promise<TAiUsage> {
    const totals = await repo.usageSince(this.db, organisationId, monthStart(now));
    const totalTokens = totals.inputTokens + totals.outputTokens;
    return {
      month: monthStart(now).slice(0, 7),
      calls: totals.calls,
      inputTokens: totals.inputTokens,
      outputTokens: totals.outputTokens,
      totalTokens,
      quotaTokens: this.monthlyQuota,
      remainingTokens: Math.max(0, this.monthlyQuota - totalTokens),
    };
  }

  /** 429 AI_QUOTA_EXCEEDED when the company has used this month's tokens (a check before work that will reserve its own, such as a job). */
  async assertWithinQuota(organisationId: string): Promise<void> {
    const usage = await this.usage(organisationId);
    if (usage.totalTokens >= this.monthlyQuota) throw quotaExceeded(this.monthlyQuota);
  }

  /** Reserves `tokens` for one run, or 429 AI_QUOTA_EXCEEDED when the company is at its quota. */
  async reserve(organisationId: string, tokens: number): Promise<Reservation> {
    const now = new Date();
    const reservation = { id: newId(), organisationId, tokens: Math.max(1, Math.round(tokens)) };
    const taken = await repo.reserveTokens(this.db, {
      ...monthKey(organisationId, now),
      id: reservation.id,
      tokens: reservation.tokens,
      quota: this.monthlyQuota,
      expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS).toISOString(),
      now: now.toISOString(),
    });
    if (!taken) throw quotaExceeded(this.monthlyQuota);
    return reservation;
  }

  /** Gives an unused reservation back: the run it was for never began. */
  async release(reservation: Reservation): Promise<void> {
    await repo.releaseTokens(this.db, reservation.id);
  }

  /** Ends a run: its usage is recorded and counted, and its reservation given back. */
  async settle(reservation: Reservation | null, usage: UsageRecord): Promise<void> {
    const now = new Date();
    await repo.settleUsage(this.db, reservation?.id ?? null, monthKey(usage.organisationId, now), {
      id: newId(),
      organisation_id: usage.organisationId,
      user_id: usage.userId,
      task: usage.task,
      provider: usage.provider,
      model: usage.model,
      input_tokens: usage.inputTokens,
      output_tokens: usage.outputTokens,
      requests: usage.requests,
      duration_ms: usage.durationMs,
      outcome: usage.outcome,
      created_at: now.toISOString(),
    });
  }
}
