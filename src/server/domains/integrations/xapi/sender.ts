import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { DrainLoop, leaseOwner } from '../../../queue/drain-loop.ts';
import { postOutbound, type OutboundAnswer } from '../../../security/outbound.ts';
import type { Sealer } from '../../../security/sealed.ts';
import * as repo from './repository.ts';
import { XAPI_VERSION } from './statements.ts';

/** Attempts in all before a statement is given up (with retryMs 30 s: the last about 45 hours after the first). */
export const XAPI_MAX_ATTEMPTS = 8;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
const KEEP_BYTES = 500;
/** How long sent and given-up statements are kept, for the settings card's figures. */
export const XAPI_KEPT_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

/** Where a company's statements go: its own LRS, or the installation's. */
export interface Destination {
  endpoint: string;
  username: string | undefined;
  password: string | undefined;
  /** The installation's own LRS is reached wherever it is; a company's only at public addresses unless allowed. */
  allowPrivate: boolean;
}

export interface XapiSenderOptions {
  db: Db;
  sealer: Sealer;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  retryMs: number;
  installation: { endpoint: string; username?: string | undefined; password?: string | undefined } | undefined;
}

type Outcome = OutboundAnswer | { error: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Why a company's statements cannot be sent when its kept password no longer opens (SECRETS_KEY changed). */
export const UNREADABLE_PASSWORD = "the LRS's saved password cannot be read; save it again";

/** The statements resource under an LRS's endpoint, however its path ends, its query kept. */
export function statementsUrl(endpoint: string): string {
  const url = new URL(endpoint);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/statements`;
  url.hash = '';
  return url.toString();
}

/**
 * Sends queued statements like the webhook sender delivers events (docs/decisions/063-xapi.md): an
 * instance leases a due statement and POSTs it to the company's LRS; a 2xx, or a 409 (the LRS
 * holds a statement of that id already), ends it; anything else is tried again after retryMs, then
 * four times longer, up to XAPI_MAX_ATTEMPTS.
 */
export class XapiSender {
  private readonly owner = leaseOwner();
  private readonly loop: DrainLoop;
  private pruned = 0;

  constructor(private readonly options: XapiSenderOptions) {
    this.loop = new DrainLoop(
      async () => {
        await this.prune();
        const statement = await repo.claim(options.db, this.owner, new Date(), new Date(Date.now() + LEASE_MS).toISOString());
        if (statement) await this.deliver(statement);
        return statement !== undefined;
      },
      options.log,
      'xAPI statement queue',
    );
  }

  start(pollMs = Math.min(2000, this.options.retryMs)): void {
    this.loop.start(pollMs);
  }

  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** The LRS a company's statements go to now, or none. */
  async destination(organisationId: string): Promise<Destination | undefined> {
    const settings = await repo.findSettings(this.options.db, organisationId);
    if (settings)
      return {
        endpoint: settings.endpoint,
        username: settings.username,
        password: await this.options.sealer.open(settings.password),
        allowPrivate: this.options.allowPrivate,
      };
    const own = this.options.installation;
    return own && { endpoint: own.endpoint, username: own.username, password: own.password, allowPrivate: true };
  }

  /** Sends one statement to `destination` and answers how the LRS took it. */
  async send(destination: Destination, statement: string): Promise<Outcome> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'Kursa-xAPI/1',
      'X-Experience-API-Version': XAPI_VERSION,
    };
    if (destination.username !== undefined)
      headers['Authorization'] = `Basic ${Buffer.from(`${destination.username}:${destination.password ?? ''}`).toString('base64')}`;
    try {
      return await postOutbound(statementsUrl(destination.endpoint), statement, headers, {
        allowPrivate: destination.allowPrivate,
        timeoutMs: TIMEOUT_MS,
        keepBytes: KEEP_BYTES,
      });
    } catch (error) {
      return { error: errorText(error) };
    }
  }

  private async deliver(row: repo.StatementRow): Promise<void> {
    const { db, log, retryMs } = this.options;
    const destination = await this.destination(row.organisation_id).catch(() => null);
    const outcome: Outcome =
      destination === null
        ? { error: UNREADABLE_PASSWORD }
        : destination
          ? await this.send(destination, row.statement)
          : { error: 'no learning record store is set up' };
    const status = 'status' in outcome ? outcome.status : null;
    // 409: a statement of this id is stored already (an earlier attempt reached it).
    const ok = status !== null && ((status >= 200 && status < 300) || status === 409);
    const attempts = Number(row.attempts);
    // Without an LRS, or one whose password cannot be read, trying again changes nothing.
    const again = !ok && Boolean(destination) && attempts < XAPI_MAX_ATTEMPTS;
    if (!ok)
      log.warn(
        {
          statement: row.id,
          organisation: row.organisation_id,
          attempts,
          answer: status,
          error: 'error' in outcome ? outcome.error : undefined,
        },
        again ? 'an xAPI statement was not stored; it is tried again later' : 'an xAPI statement was not stored and is given up',
      );
    await repo.finish(db, row.id, this.owner, {
      status: ok ? 'sent' : again ? 'queued' : 'failed',
      response_status: status,
      last_error: ok ? null : 'error' in outcome ? outcome.error : `HTTP ${status}: ${(outcome as OutboundAnswer).body}`.slice(0, 500),
      sent_at: ok ? new Date().toISOString() : null,
      next_attempt_at: again ? new Date(Date.now() + retryMs * 4 ** (attempts - 1)).toISOString() : null,
    });
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.pruned < PRUNE_EVERY_MS) return;
    this.pruned = Date.now();
    await repo.pruneStatements(this.options.db, new Date(Date.now() - XAPI_KEPT_DAYS * 86_400_000).toISOString());
  }
}
