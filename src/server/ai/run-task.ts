import { setTimeout as sleep } from 'node:timers/promises';
import type { ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { AiProviderName } from '../../shared/schemas/ai.ts';
import { AppError } from '../http/errors.ts';
import { outcomeOf, ProviderLimits } from './concurrency.ts';
import { estimateTokens, IMAGE_TOKENS, OUTPUT_ALLOWANCE, type AiMeter, type Reservation, type RunOutcome } from './metering.ts';
import { repairRequest } from './prompt.ts';
import type { AiProviders, ImageModelMissing, TaskModel } from './providers.ts';
import { AiTimeoutError, backoffMs, describeFailure, isTransient, retryAfterMs, type RetryPolicy } from './retry.ts';
import { loadAiSdk } from './sdk.ts';
import { streamAnswer } from './stream-answer.ts';
import { PartialTextError, streamTextAnswer } from './stream-text.ts';
import type { AiLanguage, AiTask } from './task.ts';
import type { AiTaskName } from './task-names.ts';

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
  /**
   * Tokens the caller reserved already (the chat reserves before it stores anything); the run then
   * settles this reservation instead of making its own.
   */
  reservation?: Reservation;
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

/** A run's running totals, metered when it ends. */
interface Tally {
  started: number;
  usage: TaskUsage;
  requests: number;
  outcome: RunOutcome;
}

export const notConfigured = (isAdmin: boolean) =>
  new AppError('AI_NOT_CONFIGURED', 503, isAdmin ? 'ai.notConfiguredAdmin' : 'ai.notConfigured');

/** No image model: what is missing, and for an admin what to set (docs/decisions/068-ai-images.md). */
export const noImageModel = (missing: ImageModelMissing, isAdmin: boolean) =>
  missing === 'no-provider'
    ? notConfigured(isAdmin)
    : new AppError('AI_IMAGE_NOT_CONFIGURED', 503, `ai.noImageModel.${missing}${isAdmin ? 'Admin' : ''}` as const);

/** A size the image model accepts for a landscape picture: DALL·E 3's own, DALL·E 2 only squares, 3:2 for the rest. */
export function landscapeSize(modelId: string): `${number}x${number}` {
  if (modelId.startsWith('dall-e-3')) return '1792x1024';
  if (modelId.startsWith('dall-e-2')) return '1024x1024';
  return '1536x1024';
}

/** How long one image request may take in all, unless AI_IMAGE_TIMEOUT_MS says otherwise: image models often take a minute. */
export const DEFAULT_IMAGE_TIMEOUT_MS = 180_000;

export interface DrawnImage {
  bytes: Uint8Array;
  /** The type the provider says it sent (the bytes decide when stored). */
  mediaType: string;
  provider: AiProviderName;
  model: string;
}

function unavailable(error: unknown): AppError {
  const wait = retryAfterMs(error);
  const headers = wait !== undefined ? { 'retry-after': String(Math.ceil(wait / 1000)) } : undefined;
  return new AppError('AI_PROVIDER_UNAVAILABLE', 503, 'ai.providerUnavailable', { headers });
}

/**
 * Runs AI tasks: checks the provider and the company's quota, streams the structured
 * answer, validates it with the task's zod schema and re-asks once with the errors when it is
 * invalid, retries transient failures with bounded backoff, and meters every run. Failures are
 * AppErrors: AI_NOT_CONFIGURED 503, AI_QUOTA_EXCEEDED 429, AI_PROVIDER_UNAVAILABLE 503,
 * AI_BAD_OUTPUT 502 — never invented output. A durable job step calls `run` with its own signal.
 */
export class AiRunner {
  private readonly limits: ProviderLimits;

  constructor(
    private readonly providers: AiProviders,
    private readonly meter: AiMeter,
    private readonly options: {
      timeoutMs: number;
      retry: RetryPolicy;
      log: FastifyBaseLogger;
      /** How long one image request may take in all (AI_IMAGE_TIMEOUT_MS). */
      imageTimeoutMs?: number;
      /** Requests in flight per provider: where the adaptive limit starts and how far it may grow. */
      concurrency?: { initial: number; max: number };
    },
  ) {
    this.limits = new ProviderLimits(options.concurrency ?? { initial: 16, max: 64 });
  }

  /** How many requests the provider takes at once now, as learnt from its answers. */
  capacity(): number {
    return this.limits.capacity();
  }

  get configured(): boolean {
    return this.providers.configured;
  }

  /** The image model that draws pictures, or why there is none. */
  get imageModel(): { available: true; provider: AiProviderName; model: string } | { available: false; missing: ImageModelMissing } {
    const image = this.providers.image;
    return 'modelId' in image && this.providers.provider
      ? { available: true, provider: this.providers.provider, model: image.modelId }
      : { available: false, missing: 'missing' in image ? image.missing : 'no-provider' };
  }

  /** Refuses before any work: no provider (503) or the month's quota used (429). */
  async assertAvailable(organisationId: string, isAdmin: boolean): Promise<void> {
    if (!this.providers.configured) throw notConfigured(isAdmin);
    await this.meter.assertWithinQuota(organisationId);
  }

  async run<INPUT, OUTPUT>(task: AiTask<INPUT, OUTPUT>, input: INPUT, ctx: RunContext): Promise<TaskResult<OUTPUT>> {
    const prompt = task.prompt(input, ctx.language);
    const estimate = estimateTokens(prompt.system.length + prompt.user.length, OUTPUT_ALLOWANCE.task);
    return this.metered(task.name, ctx, estimate, async (chosen, tally) => {
      const messages: ModelMessage[] = [{ role: 'user', content: prompt.user }];
      for (let ask = 0; ; ask++) {
        const answer = await this.withRetries(task.name, chosen, ctx, false, () => {
          tally.requests++;
          return streamAnswer({ chosen, task, system: prompt.system, messages, ctx, ask, timeoutMs: this.options.timeoutMs });
        });
        tally.usage.inputTokens += answer.usage.inputTokens;
        tally.usage.outputTokens += answer.usage.outputTokens;
        if (answer.valid) {
          tally.outcome = 'ok';
          return {
            output: answer.output,
            usage: tally.usage,
            provider: chosen.provider,
            model: chosen.modelId,
            durationMs: Math.round(performance.now() - tally.started),
            requests: tally.requests,
          };
        }
        if (ask >= 1) {
          tally.outcome = 'bad_output';
          this.options.log.warn(
            { task: task.name, model: chosen.modelId, problems: answer.problems.slice(0, 10) },
            'AI answer still invalid after the re-ask',
          );
          throw new AppError('AI_BAD_OUTPUT', 502, 'ai.badOutput');
        }
        // The one repair: the model sees its own answer and what was wrong with it.
        messages.push({ role: 'assistant', content: answer.text }, { role: 'user', content: repairRequest(ctx.language, answer.problems) });
      }
    });
  }

  /**
   * A free-text answer to a conversation (the assistants), streamed to `onText` as it is
   * written. Checked, retried and metered as `run` is, under the task name given: a transient
   * failure is retried only while nothing has been handed on yet; one that comes after some text
   * is a 503 like any provider failure (the text so far is on the error, for the caller to keep).
   */
  async chat(
    task: AiTaskName,
    request: { system: string; messages: ModelMessage[] },
    ctx: RunContext & { onText: (delta: string) => void },
  ): Promise<Omit<TaskResult<string>, 'output'> & { text: string }> {
    const promptChars =
      request.system.length +
      request.messages.reduce((n, m) => n + (typeof m.content === 'string' ? m.content.length : JSON.stringify(m.content).length), 0);
    return this.metered(task, ctx, estimateTokens(promptChars, OUTPUT_ALLOWANCE.chat), async (chosen, tally) => {
      // A person reads the answer as it is written: it goes before queued background work.
      const answer = await this.withRetries(task, chosen, ctx, true, () => {
        tally.requests++;
        return streamTextAnswer({
          chosen,
          system: request.system,
          messages: request.messages,
          signal: ctx.signal,
          timeoutMs: this.options.timeoutMs,
          onText: ctx.onText,
        });
      });
      tally.usage.inputTokens += answer.usage.inputTokens;
      tally.usage.outputTokens += answer.usage.outputTokens;
      tally.outcome = 'ok';
      return {
        text: answer.text,
        usage: tally.usage,
        provider: chosen.provider,
        model: chosen.modelId,
        durationMs: Math.round(performance.now() - tally.started),
        requests: tally.requests,
      };
    });
  }

  /**
   * One landscape picture drawn by the image model from `prompt` and handed to `keep` (which stores
   * it), checked, retried and metered as a task run is, under 'generate-image' (the provider's image
   * tokens when it counts them, else IMAGE_TOKENS). An image model answers nothing until the picture
   * is done, so a request is cut after `imageTimeoutMs` in all (and retried) rather than after a
   * silence. No image model is 503 AI_IMAGE_NOT_CONFIGURED; the provider refusing the picture (a
   * 4xx, e.g. its content policy) 422 AI_IMAGE_REFUSED; no picture, or one `keep` rejects, 502.
   */
  async draw<T>(prompt: string, ctx: RunContext, keep: (image: DrawnImage) => Promise<T>): Promise<T> {
    const chosen = await this.providers.imageModel();
    const image = this.providers.image;
    if (!chosen) throw noImageModel('missing' in image ? image.missing : 'no-provider', ctx.isAdmin);
    const reservation = await this.meter.reserve(ctx.organisationId, estimateTokens(prompt.length, IMAGE_TOKENS));
    const started = performance.now();
    const tally = { inputTokens: 0, outputTokens: 0, requests: 0, outcome: 'unavailable' as RunOutcome };
    const timeoutMs = this.options.imageTimeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS;
    try {
      // Loaded on the first picture, as the text runs load it: a server that never draws never holds it.
      const sdk = await loadAiSdk();
      const answer = await this.withRetries('generate-image', chosen, ctx, true, async () => {
        tally.requests++;
        const timeout = AbortSignal.timeout(timeoutMs);
        try {
          return await sdk.generateImage({
            model: chosen.model,
            prompt,
            n: 1,
            size: landscapeSize(chosen.modelId),
            // OpenAI's image models draw at 'auto' quality otherwise, several times the tokens of 'medium'.
            ...(chosen.provider === 'openai' &&
              chosen.modelId.startsWith('gpt-image') && { providerOptions: { openai: { quality: 'medium' } } }),
            // Retries are this runner's (bounded backoff under the provider's limit), not the SDK's.
            maxRetries: 0,
            abortSignal: ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout,
          });
        } catch (error) {
          if (timeout.aborted && !ctx.signal?.aborted) throw new AiTimeoutError(timeoutMs);
          // A refusal and an empty answer are answers, not failures to retry: they end the run below.
          if (sdk.NoImageGeneratedError.isInstance(error)) return { empty: true as const };
          const status = sdk.APICallError.isInstance(error) ? error.statusCode : undefined;
          if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return { refused: status };
          throw error;
        }
      });
      if ('refused' in answer || 'empty' in answer) {
        tally.outcome = 'bad_output';
        this.options.log.warn({ task: 'generate-image', model: chosen.modelId, ...answer }, 'no picture from the image model');
        throw 'refused' in answer
          ? new AppError('AI_IMAGE_REFUSED', 422, 'media.refused')
          : new AppError('AI_BAD_OUTPUT', 502, 'media.badImage');
      }
      tally.inputTokens = answer.usage.inputTokens ?? 0;
      tally.outputTokens = answer.usage.outputTokens ?? (answer.usage.inputTokens === undefined ? IMAGE_TOKENS : 0);
      tally.outcome = 'bad_output';
      const kept = await keep({
        bytes: answer.image.uint8Array,
        mediaType: answer.image.mediaType,
        provider: chosen.provider,
        model: chosen.modelId,
      });
      tally.outcome = 'ok';
      return kept;
    } catch (error) {
      if (ctx.signal?.aborted) tally.outcome = 'aborted';
      throw error;
    } finally {
      await this.meter
        .settle(reservation, {
          organisationId: ctx.organisationId,
          userId: ctx.userId,
          task: 'generate-image',
          provider: chosen.provider,
          model: chosen.modelId,
          inputTokens: tally.inputTokens,
          outputTokens: tally.outputTokens,
          requests: tally.requests,
          durationMs: Math.round(performance.now() - started),
          outcome: tally.outcome,
        })
        .catch((error: unknown) => this.options.log.error({ err: error, task: 'generate-image' }, 'AI usage not recorded'));
    }
  }

  /**
   * What every run shares: the provider checked first, then its tokens reserved (429 past the
   * quota), then the work, then one usage row whatever happened (its outcome 'aborted' when the
   * caller's signal ended it), which replaces the reservation with the metered figure — a run that
   * failed before the provider counted anything gives its whole reservation back.
   */
  private async metered<T>(
    task: AiTaskName,
    ctx: RunContext,
    estimate: number,
    work: (chosen: TaskModel, tally: Tally) => Promise<T>,
  ): Promise<T> {
    const chosen = await this.providers.modelFor(task);
    if (!chosen) {
      if (ctx.reservation) await this.meter.release(ctx.reservation);
      throw notConfigured(ctx.isAdmin);
    }
    const reservation = ctx.reservation ?? (await this.meter.reserve(ctx.organisationId, estimate));
    const tally: Tally = { started: performance.now(), usage: { inputTokens: 0, outputTokens: 0 }, requests: 0, outcome: 'unavailable' };
    try {
      return await work(chosen, tally);
    } catch (error) {
      if (ctx.signal?.aborted) tally.outcome = 'aborted';
      throw error;
    } finally {
      const durationMs = Math.round(performance.now() - tally.started);
      // Not settled (the database failing), the reservation expires on its own.
      await this.meter
        .settle(reservation, {
          organisationId: ctx.organisationId,
          userId: ctx.userId,
          task,
          provider: chosen.provider,
          model: chosen.modelId,
          ...tally.usage,
          requests: tally.requests,
          durationMs,
          outcome: tally.outcome,
        })
        .catch((error: unknown) => this.options.log.error({ err: error, task }, 'AI usage not recorded'));
    }
  }

  /**
   * One request, retried while it fails transiently; a provider still failing is 503. Each try
   * waits for a slot under the provider's adaptive limit and tells it how it went; the backoff
   * before the next try holds no slot.
   */
  private async withRetries<T>(
    task: string,
    chosen: Pick<TaskModel, 'provider'>,
    ctx: RunContext,
    interactive: boolean,
    request: () => Promise<T>,
  ): Promise<T> {
    const policy = this.options.retry;
    const signal = ctx.signal;
    const limit = this.limits.for(chosen.provider);
    for (let attempt = 0; ; attempt++) {
      const release = await limit.acquire(ctx.organisationId, { interactive, signal });
      try {
        const answer = await request();
        release('ok');
        return answer;
      } catch (error) {
        release(signal?.aborted ? 'other' : outcomeOf(error instanceof PartialTextError ? error.cause : error));
        if (signal?.aborted) throw signal.reason;
        // Text already handed on cannot be taken back: the request is not tried again.
        const partial = error instanceof PartialTextError ? error : undefined;
        const cause = partial ? partial.cause : error;
        const wait = backoffMs(policy, attempt + 1, cause);
        if (partial || !isTransient(cause) || attempt >= policy.retries || wait > policy.maxDelayMs) {
          this.options.log.error({ ...describeFailure(cause), task, attempts: attempt + 1 }, 'AI provider failed');
          throw Object.assign(unavailable(cause), partial && { partialText: partial.text });
        }
        this.options.log.warn(
          { ...describeFailure(cause), task, attempt: attempt + 1, waitMs: Math.round(wait) },
          'AI request failed; retrying',
        );
        await sleep(wait, undefined, signal ? { signal } : {}).catch(() => {
          throw signal?.reason;
        });
      }
    }
  }
}
