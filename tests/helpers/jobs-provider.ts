import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers a step: after a delay, with a failure, or never (until the caller gives up). */
export interface Behaviour {
  delayMs?: number;
  fail?: boolean;
  hang?: boolean;
}

export interface Call {
  job: string;
  key: string;
  started: number;
  ended?: number;
  outcome?: 'ok' | 'failed' | 'aborted';
}

/**
 * A stand-in for an AI provider at the HTTP edge: each POST /step is one "model call" for a job's
 * step. It counts calls per job and step, records when each ran and how many ran at once, and
 * answers slowly, fails or hangs on demand. The test kind (jobs-kind.ts) calls it with fetch.
 */
export async function startFakeProvider(defaultDelayMs = 50) {
  const calls: Call[] = [];
  const rules: { match: (key: string) => boolean; behaviour: Behaviour }[] = [];
  let running = 0;
  let maxRunning = 0;
  // A one-shot meeting point: the first calls that match wait until `size` of them have arrived.
  let gathering: { size: number; match: (key: string) => boolean; waiting: (() => void)[] } | null = null;
  // Calls held until the test lets them go (hold()), each with its answer waiting.
  const holds: { match: (call: Call) => boolean; waiting: (() => void)[] }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const { job, key, input } = JSON.parse(body) as { job: string; key: string; input: unknown };
      const behaviour = rules.findLast((r) => r.match(key))?.behaviour ?? {};
      const call: Call = { job, key, started: Date.now() };
      calls.push(call);
      running++;
      maxRunning = Math.max(maxRunning, running);
      let settled = false;
      const settle = (outcome: NonNullable<Call['outcome']>) => {
        if (settled) return;
        settled = true;
        running--;
        call.ended = Date.now();
        call.outcome = outcome;
      };
      // The client gave up (the step was aborted): the call ends here.
      res.on('close', () => settle('aborted'));
      if (behaviour.hang) return;
      const answer = () =>
        setTimeout(() => {
          if (settled) return;
          settle(behaviour.fail ? 'failed' : 'ok');
          if (behaviour.fail) {
            res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `model overloaded on ${key}` }));
          } else {
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ output: { key, echo: input }, tokens: { input: 10, output: 20 } }));
          }
        }, behaviour.delayMs ?? defaultDelayMs);
      const held = holds.find((h) => h.match(call));
      if (held) held.waiting.push(answer);
      else if (gathering?.match(key)) {
        gathering.waiting.push(answer);
        if (gathering.waiting.length >= gathering.size) {
          const release = gathering.waiting;
          gathering = null;
          for (const go of release) go();
        }
      } else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    /** Calls of one step of one job (or of every job, without a job id). */
    count: (key: string, job?: string) => calls.filter((c) => c.key === key && (job === undefined || c.job === job)).length,
    get running() {
      return running;
    },
    get maxRunning() {
      return maxRunning;
    },
    resetMax: () => (maxRunning = running),
    /**
     * Holds the first `size` calls whose key matches until all of them have arrived, then answers
     * them: a test sees the most calls the engine lets run at once however slowly the machine
     * starts them (only more than it allows would show more).
     */
    gather: (size: number, match: RegExp) => {
      gathering = { size, match: (key) => match.test(key), waiting: [] };
    },
    /**
     * Holds every call that `match` picks, from now on, until the returned function is called:
     * then they are answered (after their delay) and no more are held for this match. A test
     * decides in what order things happen instead of waiting for them to happen in time.
     */
    hold: (match: (call: Call) => boolean) => {
      const held = { match, waiting: [] as (() => void)[] };
      holds.push(held);
      return () => {
        holds.splice(holds.indexOf(held), 1);
        for (const go of held.waiting) go();
      };
    },
    /** From now on, steps whose key matches behave so (the latest matching rule wins). */
    behave: (match: string | RegExp | ((key: string) => boolean), behaviour: Behaviour) =>
      rules.push({
        match: typeof match === 'function' ? match : (key) => (typeof match === 'string' ? key === match : match.test(key)),
        behaviour,
      }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
