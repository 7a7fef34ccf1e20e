import type { TUser } from '../../../../shared/schemas/users.ts';
import type { TSaveXapiRequest, TXapiSettings, TXapiTestResult } from '../../../../shared/schemas/xapi.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { mayReach } from '../../../security/outbound.ts';
import type { Sealer } from '../../../security/sealed.ts';
import { newId } from '../../../security/tokens.ts';
import { assertNotDemo } from '../../identity/index.ts';
import { actorOf, type AuditLog } from '../../privacy/index.ts';
import * as repo from './repository.ts';
import { UNREADABLE_PASSWORD, XAPI_KEPT_DAYS, type XapiSender } from './sender.ts';
import { StatementBuilder } from './statements.ts';

const adminOnly = (actor: TUser) => {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'xapi.adminOnly');
};

/**
 * A company's learning record store (docs/decisions/063-xapi.md): an admin sets its address and
 * credentials, pauses or removes it, sends a test statement, reads how sending goes and queues the
 * failed statements again.
 */
export class Xapi {
  private readonly build: StatementBuilder;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly audit: AuditLog,
    private readonly sender: XapiSender,
    private readonly options: { allowPrivate: boolean; installationEndpoint: boolean; publicUrl: string },
  ) {
    this.build = new StatementBuilder(options.publicUrl);
  }

  async get(actor: TUser): Promise<TXapiSettings> {
    adminOnly(actor);
    const [settings, figures] = await Promise.all([
      repo.findSettings(this.db, actor.organisationId),
      repo.queueFigures(this.db, actor.organisationId, new Date(Date.now() - XAPI_KEPT_DAYS * 86_400_000).toISOString()),
    ]);
    const count = (status: string) => Number(figures.counts.find((c) => c.status === status)?.n ?? 0);
    const lastSent = figures.counts.find((c) => c.status === 'sent')?.last_sent;
    return {
      endpoint: settings?.endpoint ?? null,
      username: settings?.username ?? null,
      hasPassword: settings !== undefined,
      active: settings ? settings.active === 1 : this.options.installationEndpoint,
      installationEndpoint: this.options.installationEndpoint,
      queue: {
        queued: count('queued') + count('sending'),
        sent: count('sent'),
        failed: count('failed'),
        lastSentAt: typeof lastSent === 'string' ? lastSent : null,
        lastError: figures.failure?.last_error ?? null,
      },
    };
  }

  async save(actor: TUser, request: TSaveXapiRequest, ip: string): Promise<TXapiSettings> {
    adminOnly(actor);
    assertNotDemo(actor);
    if (!mayReach(request.endpoint, this.options.allowPrivate))
      throw new AppError('URL_REFUSED', 400, 'xapi.endpointRefused', { fields: { endpoint: 'xapi.endpointRefused' } });
    const before = await repo.findSettings(this.db, actor.organisationId);
    // The kept password is sent only where it was given for: a new host needs it typed again.
    if (request.password === undefined && (!before || new URL(before.endpoint).origin !== new URL(request.endpoint).origin))
      throw new AppError('VALIDATION', 400, 'xapi.passwordRequired', { fields: { password: 'xapi.passwordRequired' } });
    await repo.saveSettings(this.db, {
      organisation_id: actor.organisationId,
      endpoint: request.endpoint,
      username: request.username,
      password: request.password === undefined ? before!.password : await this.sealer.seal(request.password),
      active: request.active ? 1 : 0,
      updated_at: new Date().toISOString(),
    });
    await this.record(actor, ip, 'xapi.changed', {
      endpoint: request.endpoint,
      ...(before && before.endpoint !== request.endpoint && { before: before.endpoint }),
      username: request.username,
      active: request.active,
      passwordChanged: request.password !== undefined,
    });
    if (request.active) this.sender.wake();
    return this.get(actor);
  }

  async remove(actor: TUser, ip: string): Promise<TXapiSettings> {
    adminOnly(actor);
    assertNotDemo(actor);
    const before = await repo.findSettings(this.db, actor.organisationId);
    if (await repo.deleteSettings(this.db, actor.organisationId))
      await this.record(actor, ip, 'xapi.removed', { endpoint: before?.endpoint });
    return this.get(actor);
  }

  /** Sends a test statement, naming the admin, to the LRS the company's statements go to, now, and answers how it took it. */
  async test(actor: TUser): Promise<TXapiTestResult> {
    adminOnly(actor);
    const destination = await this.sender.destination(actor.organisationId).catch(() => null);
    if (destination === null) return { ok: false, status: null, message: UNREADABLE_PASSWORD };
    if (!destination) throw new AppError('XAPI_NOT_SET', 409, 'xapi.notSet');
    const statement = this.build.test(newId(), new Date().toISOString(), { email: actor.email, name: actor.contactName });
    const outcome = await this.sender.send(destination, JSON.stringify(statement));
    if ('error' in outcome) return { ok: false, status: null, message: outcome.error };
    return { ok: outcome.status >= 200 && outcome.status < 300, status: outcome.status, message: outcome.body.slice(0, 500) || null };
  }

  /** The company's failed statements get a new round of attempts, starting now. */
  async retry(actor: TUser): Promise<{ requeued: number }> {
    adminOnly(actor);
    const requeued = await repo.requeueFailed(this.db, actor.organisationId, new Date().toISOString());
    if (requeued > 0) this.sender.wake();
    return { requeued };
  }

  private async record(actor: TUser, ip: string, action: string, details: Record<string, unknown>): Promise<void> {
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action,
      target: { type: 'xapi', id: actor.organisationId },
      details,
    });
  }
}
