import type { ModelMessage } from 'ai';
import type { TaskModel } from './providers.ts';
import { AiTimeoutError, idleTimeout } from './retry.ts';
import type { TaskUsage } from './run-task.ts';
import { loadAiSdk } from './sdk.ts';

export interface TextRequest {
  chosen: TaskModel;
  system: string;
  messages: ModelMessage[];
  signal: AbortSignal | undefined;
  timeoutMs: number;
  /** Each piece of text as the model writes it. */
  onText: (delta: string) => void;
}

/** A request that failed after some of its text had been handed on: it cannot be retried unseen. */
export class PartialTextError extends Error {
  constructor(
    readonly text: string,
    override readonly cause: unknown,
  ) {
    super('the AI provider failed while it wrote its answer');
    this.name = 'PartialTextError';
  }
}

/**
 * Streams one free-text answer (one provider request, no retries), handing each piece on as it
 * comes. The timeout is idle time, as for structured answers: it restarts on every chunk. A
 * provider error before any text is thrown as the SDK raised it (the caller may retry); after
 * some text it is a PartialTextError carrying that text.
 */
export async function streamTextAnswer({
  chosen,
  system,
  messages,
  signal,
  timeoutMs,
  onText,
}: TextRequest): Promise<{ text: string; usage: TaskUsage }> {
  const { streamText } = await loadAiSdk();
  const idle = idleTimeout(timeoutMs);
  const arm = idle.arm;
  let streamError: unknown;
  let text = '';
  arm();
  try {
    const result = streamText({
      model: chosen.model,
      system,
      messages,
      maxRetries: 0,
      abortSignal: signal ? AbortSignal.any([signal, idle.signal]) : idle.signal,
      onChunk: arm,
      onError: ({ error }) => {
        streamError = error;
      },
    });
    for await (const delta of result.textStream) {
      arm();
      if (!delta) continue;
      text += delta;
      onText(delta);
    }
    if (streamError) throw streamError;
    const usage = await result.usage;
    return { text, usage: { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 } };
  } catch (error) {
    const cause = idle.signal.aborted && !signal?.aborted ? new AiTimeoutError(timeoutMs) : (streamError ?? error);
    if (text && !signal?.aborted) throw new PartialTextError(text, cause);
    throw cause;
  } finally {
    idle.clear();
  }
}
