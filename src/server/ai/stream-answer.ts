import type { ModelMessage, NoObjectGeneratedError, Schema } from 'ai';
import type { TaskModel } from './providers.ts';
import { AiTimeoutError, idleTimeout } from './retry.ts';
import { loadAiSdk, type AiSdk } from './sdk.ts';
import type { RunContext, TaskUsage } from './run-task.ts';
import type { AiTask } from './task.ts';

/** One answer: valid for the task's schema, or not — with the model's text and what was wrong. */
export type Answer<OUTPUT> =
  { valid: true; output: OUTPUT; usage: TaskUsage } | { valid: false; text: string; problems: string[]; usage: TaskUsage };

/** What was wrong with an answer, in words the model can act on when re-asked. */
function problemsOf(sdk: AiSdk, error: NoObjectGeneratedError): string[] {
  const cause = error.cause;
  if (sdk.TypeValidationError.isInstance(cause)) {
    const issues = (cause.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues;
    if (issues?.length) return issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`);
    return [cause.message];
  }
  if (sdk.JSONParseError.isInstance(cause))
    return [`the answer is not valid JSON (${cause.cause instanceof Error ? cause.cause.message : 'unparsable'})`];
  return [error.message];
}

/**
 * Each task's schema as the SDK sends it, made once: converting the zod schema to JSON Schema for
 * every request cost more CPU than the rest of a request's handling (it is cached on the wrapper).
 */
const wrapped = new WeakMap<object, Schema<unknown>>();
function schemaOf<OUTPUT>(sdk: AiSdk, task: AiTask<unknown, OUTPUT>): Schema<OUTPUT> {
  let schema = wrapped.get(task.schema);
  if (!schema) wrapped.set(task.schema, (schema = sdk.zodSchema(task.schema) as Schema<unknown>));
  return schema as Schema<OUTPUT>;
}

const tokensOf = (usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined): TaskUsage => ({
  inputTokens: usage?.inputTokens ?? 0,
  outputTokens: usage?.outputTokens ?? 0,
});

export interface AnswerRequest<INPUT, OUTPUT> {
  chosen: TaskModel;
  task: AiTask<INPUT, OUTPUT>;
  system: string;
  messages: ModelMessage[];
  ctx: RunContext;
  /** 0 for the first ask, 1 for the re-ask. */
  ask: number;
  timeoutMs: number;
}

/**
 * Streams one structured answer (one provider request, no retries), handing the partial object to
 * `ctx.onDelta` as it grows. The timeout is idle time: it restarts on every chunk, so a long answer
 * that keeps coming is fine and a silent provider is not. Provider errors are thrown as the SDK
 * raised them (the caller decides what is transient); an answer that fails the schema is returned.
 */
export async function streamAnswer<INPUT, OUTPUT>({
  chosen,
  task,
  system,
  messages,
  ctx,
  ask,
  timeoutMs,
}: AnswerRequest<INPUT, OUTPUT>): Promise<Answer<OUTPUT>> {
  const sdk = await loadAiSdk();
  const idle = idleTimeout(timeoutMs);
  const arm = idle.arm;
  let streamError: unknown;
  arm();
  try {
    const result = sdk.streamText({
      model: chosen.model,
      system,
      messages: [...messages],
      output: sdk.Output.object({
        schema: schemaOf(sdk, task as AiTask<unknown, OUTPUT>),
        name: task.name.replaceAll('-', '_'),
        description: task.describe[ctx.language],
      }),
      // Retries are the runner's: they cover timeouts too, and honour Retry-After within bounds.
      maxRetries: 0,
      abortSignal: ctx.signal ? AbortSignal.any([ctx.signal, idle.signal]) : idle.signal,
      onChunk: arm,
      onError: ({ error }) => {
        streamError = error;
      },
    });
    for await (const partial of result.partialOutputStream) {
      arm();
      ctx.onDelta?.(partial, { ask });
    }
    // A failed request ends the stream quietly; its error came through onError.
    if (streamError) throw streamError;
    const usage = tokensOf(await result.usage);
    try {
      return { valid: true, output: await result.output, usage };
    } catch (error) {
      if (!sdk.NoObjectGeneratedError.isInstance(error)) throw error;
      return { valid: false, text: error.text ?? '', problems: problemsOf(sdk, error), usage: tokensOf(error.usage ?? usage) };
    }
  } catch (error) {
    if (idle.signal.aborted && !ctx.signal?.aborted) throw new AiTimeoutError(timeoutMs);
    throw streamError ?? error;
  } finally {
    idle.clear();
  }
}
