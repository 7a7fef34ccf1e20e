import { describe, expect, it } from 'vitest';
import { EventStreamParser } from '@/lib/ai-stream';

// The SSE reader behind the creator's streamed answers and the assistants' chat.
describe('EventStreamParser', () => {
  it('splits events, naming them and joining their data lines', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: start\ndata: {"conversationId":"c1","hintsOnly":false}\n\nevent: delta\ndata: {"text":"Hej"}\n\n')).toEqual([
      { event: 'start', data: '{"conversationId":"c1","hintsOnly":false}' },
      { event: 'delta', data: '{"text":"Hej"}' },
    ]);
    expect(parser.push('data: line one\ndata: line two\n\n')).toEqual([{ event: 'message', data: 'line one\nline two' }]);
  });

  it('keeps an event cut anywhere until it is complete, CRLF line ends included', () => {
    const parser = new EventStreamParser();
    const text = 'event: delta\r\ndata: {"text":"æøå"}\r\n\r\nevent: result\r\ndata: {"response":"ok"}\r\n\r\n';
    const events = [];
    for (const piece of text.split(/(?<=\r)|(?<=a)|(?<=:)/)) events.push(...parser.push(piece));
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"æøå"}' },
      { event: 'result', data: '{"response":"ok"}' },
    ]);
  });

  it('skips comments and events without data (heartbeats)', () => {
    const parser = new EventStreamParser();
    expect(parser.push(': heartbeat\n\nevent: ping\n\ndata:x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});
