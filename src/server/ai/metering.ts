import type { TAiUsage } from '../../shared/schemas/ai.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import * as repo from '../modules/ai/repository.ts';
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

/**
 * Usage metering and the monthly quota (issue 7): every run is recorded, failed ones too; a company
 * whose runs this calendar month (UTC) add up to its quota gets no more until the month turns.
 * The check is made before a run, so runs already under way may pass the quota by their own size.
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

  /** 429 AI_QUOTA_EXCEEDED when the company has used this month's tokens. */
  async assertWithinQuota(organisationId: string): Promise<void> {
    const usage = await this.usage(organisationId);
    if (usage.totalTokens >= this.monthlyQuota) {
      throw new AppError('AI_QUOTA_EXCEEDED', 429, 'ai.quotaExceeded', undefined, { quota: this.monthlyQuota });
    }
  }

  async record(usage: UsageRecord): Promise<void> {
    await repo.insertUsage(this.db, {
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
      created_at: new Date().toISOString(),
    });
  }
}
