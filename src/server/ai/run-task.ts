import { setTimeout as sleep } from 'node:timers/promises';
import { JSONParseError, NoObjectGeneratedError, Output, streamText, TypeValidationError, type DeepPartial, type ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { AiProviderName } from '../../shared/schemas/ai.ts';
import { AppError } from '../http/errors.ts';
import type { AiMeter, RunOutcome } from './metering.ts';
import { repairRequest } from './prompt.ts';
import type { AiProviders, TaskModel } from './providers.ts';
import { AiTimeoutError, backoffMs, isTransient, retryAfterMs, type RetryPolicy } from './retry.ts';
import type { AiLanguage, AiTask } from './task.ts';

export interface RunContext {
  organisationId: string;
  /** Who the run is for (null for work no one asked for in person). */
  userId: string | null;
  /** Only an admin is told how to configure AI; others are told to contact their administrator. */
  isAdmin: boolean;
  language: AiLanguage;
  /** Ends the run (a closed connection, a cancelled job): it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The answer so far while it streams; `ask` is 1 once the run re-asks after an invalid answer. */
  onDelta?: (partial: unknown, info: { ask: number }) => void;
}

export interface TaskUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface TaskResult<OUTPUT> {
  output: OUTPUT;
  /** Every request of the run added up (retries and the re-ask included); already metered. */
  usage: TaskUsage;
  provider: AiProviderName;
  model: string;
  durationMs: number;
  requests: number;
}

type Answer<OUTPUT> = { valid: true; output: OUTPUT; usage: TaskUsage } | { valid: false; text: string; problems: string[]; usage: TaskUsage };

export const notConfigured = (isAdmin: boolean) => new AppError('AI_NOT_CONFIGURED', 503, isAdmin ? 'ai.notConfiguredAdmin' : 'ai.notConfigured');

function unavailable(error: unknown): AppError {
  const wait = retryAfterMs(error);
  const headers = wait !== undefined ? { 'retry-after': String(Math.ceil(wait / 1000)) } : undefined;
  return new AppError('AI_PROVIDER_UNAVAILABLE', 503, 'ai.providerUnavailable', undefined, undefined, headers);
}

/** What was wrong with an answer, in words the model can act on when re-asked. */
function problemsOf(error: NoObjectGeneratedError): string[] {
  const cause = error.cause;
  if (TypeValidationError.isInstance(cause)) {
    const issues = (cause.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues;
    if (issues?.length) return issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`);
    return [cause.message];
  }
  if (JSONParseError.isInstance(cause)) return [`the answer is not valid JSON (${cause.cause instanceof Error ? cause.cause.message : 'unparsable'})`];
  return [error.message];
}

const tokensOf = (usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined): TaskUsage => ({
  inputTokens: usage?.inputTokens ?? 0,
  outputTokens: usage?.outputTokens ?? 0,
});

/**
 * Runs AI tasks (issue 7): checks the provider and the company's quota, streams the structured
 * answer, validates it with the task's zod schema and re-asks once with the errors when it is
 * invalid, retries transient failures with bounded backoff, and meters every run. Failures are
 * AppErrors: AI_NOT_CONFIGURED 503, AI_QUOTA_EXCEEDED 429, AI_PROVIDER_UNAVAILABLE 503,
 * AI_BAD_OUTPUT 502 — never invented output. A durable job step calls `run` with its own signal.
 */
export class AiRunner {
  constructor(
    private readonly providers: AiProviders,
    private readonly meter: AiMeter,
    private readonly options: { timeoutMs: number; retry: RetryPolicy; log: FastifyBaseLogger },
  ) {}

  get configured(): boolean {
    return this.providers.configured;
  }

  /** Refuses before any work: no provider (503) or the month's quota used (429). */
  async assertAvailable(organisationId: string, isAdmin: boolean): Promise<void> {
    if (!this.providers.configured) throw notConfigured(isAdmin);
    await this.meter.assertWithinQuota(organisationId);
  }

  async run<INPUT, OUTPUT>(task: AiTask<INPUT, OUTPUT>, input: INPUT, ctx: RunContext): Promise<TaskResult<OUTPUT>> {
    const chosen = this.providers.modelFor(task.name);
    if (!chosen) throw notConfigured(ctx.isAdmin);
    await this.meter.assertWithinQuota(ctx.organisationId);
    const started = performance.now();
    const usage: TaskUsage = { inputTokens: 0, outputTokens: 0 };
    let requests = 0;
    let outcome: RunOutcome = 'unavailable';
    try {
      const prompt = task.prompt(input, ctx.language);
      const messages: ModelMessage[] = [{ role: 'user', content: prompt.user }];
      for (let ask = 0; ; ask++) {
        const answer = await this.withRetries(task.name, ctx.signal, () => {
          requests++;
          return this.ask(chosen, task, prompt.system, messages, ctx, ask);
        });
        usage.inputTokens += answer.usage.inputTokens;
        usage.outputTokens += answer.usage.outputTokens;
        if (answer.valid) {
          outcome = 'ok';
          return { output: answer.output, usage, provider: chosen.provider, model: chosen.modelId, durationMs: Math.round(performance.now() - started), requests };
        }
        if (ask >= 1) {
          outcome = 'bad_output';
          this.options.log.warn({ task: task.name, model: chosen.modelId, problems: answer.problems.slice(0, 10) }, 'AI answer still invalid after the re-ask');
          throw new AppError('AI_BAD_OUTPUT', 502, 'ai.badOutput');
        }
        // The one repair: the model sees its own answer and what was wrong with it.
        messages.push({ role: 'assistant', content: answer.text }, { role: 'user', content: repairRequest(ctx.language, answer.problems) });
      }
    } catch (error) {
      if (ctx.signal?.aborted) outcome = 'aborted';
      throw error;
    } finally {
      const durationMs = Math.round(performance.now() - started);
      await this.meter
        .record({ organisationId: ctx.organisationId, userId: ctx.userId, task: task.name, provider: chosen.provider, model: chosen.modelId, ...usage, requests, durationMs, outcome })
        .catch((error: unknown) => this.options.log.error({ err: error, task: task.name }, 'AI usage not recorded'));
    }
  }

  /** One request, retried while it fails transiently; a provider still failing is 503. */
  private async withRetries<T>(task: string, signal: AbortSignal | undefined, request: () => Promise<T>): Promise<T> {
    const policy = this.options.retry;
    for (let attempt = 0; ; attempt++) {
      try {
        return await request();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const wait = backoffMs(policy, attempt + 1, error);
        if (!isTransient(error) || attempt >= policy.retries || wait > policy.maxDelayMs) {
          this.options.log.error({ err: error, task, attempts: attempt + 1 }, 'AI provider failed');
          throw unavailable(error);
        }
        this.options.log.warn({ err: error, task, attempt: attempt + 1, waitMs: Math.round(wait) }, 'AI request failed; retrying');
        await sleep(wait, undefined, signal ? { signal } : {}).catch(() => {
          throw signal?.reason;
        });
      }
    }
  }

  /** Streams one answer, with an idle timeout that restarts on every chunk. */
  private async ask<INPUT, OUTPUT>(chosen: TaskModel, task: AiTask<INPUT, OUTPUT>, system: string, messages: ModelMessage[], ctx: RunContext, ask: number): Promise<Answer<OUTPUT>> {
    const idle = new AbortController();
    const timeoutMs = this.options.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(new AiTimeoutError(timeoutMs)), timeoutMs);
    };
    let streamError: unknown;
    arm();
    try {
      const result = streamText({
        model: chosen.model,
        system,
        messages: [...messages],
        output: Output.object({ schema: task.schema, name: task.name.replaceAll('-', '_'), description: task.describe[ctx.language] }),
        // Retries are ours (above): they cover timeouts too, and honour Retry-After within bounds.
        maxRetries: 0,
        abortSignal: ctx.signal ? AbortSignal.any([ctx.signal, idle.signal]) : idle.signal,
        onChunk: arm,
        onError: ({ error }) => {
          streamError = error;
        },
      });
      for await (const partial of result.partialOutputStream) {
        arm();
        ctx.onDelta?.(partial as DeepPartial<OUTPUT>, { ask });
      }
      if (streamError) throw streamError;
      const usage = tokensOf(await result.usage);
      try {
        return { valid: true, output: await result.output, usage };
      } catch (error) {
        if (!NoObjectGeneratedError.isInstance(error)) throw error;
        return { valid: false, text: error.text ?? '', problems: problemsOf(error), usage: tokensOf(error.usage ?? usage) };
      }
    } catch (error) {
      if (idle.signal.aborted && !ctx.signal?.aborted) throw new AiTimeoutError(timeoutMs);
      throw streamError ?? error;
    } finally {
      clearTimeout(timer);
    }
  }
}
