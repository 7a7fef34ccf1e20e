/** One Server-Sent Event as received, with when it arrived. */
export interface ReceivedEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/**
 * Opens an event stream with fetch and reads it as a browser's EventSource would: events (id,
 * event, data), comments (heartbeats) and the retry hint. `ended` resolves when the server ends
 * the stream cleanly and rejects when the connection is cut (or `signal` aborts it, as a browser
 * that goes away does).
 */
export async function openEventStream(url: string, headers: Record<string, string>, signal?: AbortSignal) {
  const response = await fetch(url, { headers, ...(signal && { signal }) });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: Partial<ReceivedEvent> = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
          else if (line.startsWith('id: ')) event.id = Number(line.slice(4));
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6)) as Record<string, unknown>;
        }
        if (event.id !== undefined) events.push({ ...(event as ReceivedEvent), at: Date.now() });
      }
    }
  })();
  return { response, events, comments, ended, retry: () => retry };
}
