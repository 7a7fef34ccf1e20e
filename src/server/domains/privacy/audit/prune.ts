import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { AuditCheckpointsTable } from '../../../db/schema-audit.ts';
import { GENESIS, verifyChain } from './hash.ts';
import type { AuditSigningKey } from './signer.ts';
import { checkpointStatement } from './statement.ts';

/** What the retention run is given to prune a company's audit log; structural, so it imports nothing of this file. */
export type AuditPrune = (organisationId: string, before: string, now: Date) => Promise<number>;

/** A company's latest checkpoint, where its chain now starts; undefined while nothing was removed. */
export function latestCheckpoint(db: Db, organisationId: string): Promise<AuditCheckpointsTable | undefined> {
  return db
    .selectFrom('audit_checkpoints')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const BATCH = 1000;

/**
 * Removes a company's oldest audit entries by its retention (docs/decisions/052-audit-log.md):
 * those up to the last one recorded before `before`, replaced by a checkpoint signed with the
 * installation's key, from which the chain left verifies. The heads stay as they are: the chain
 * goes on from the same head.
 */
export class AuditPruner {
  constructor(
    private readonly db: Db,
    private readonly key: AuditSigningKey,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /**
   * The entries after `from` up to seq `to` link and hash as they should; the seq where they
   * do not, if not. Read in batches, each checked from the last one's hash.
   */
  private async brokenAt(organisationId: string, from: { seq: number; hash: string }, to: number): Promise<number | undefined> {
    let at = from;
    while (at.seq < to) {
      const rows = await this.db
        .selectFrom('audit_log')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where('seq', '>', at.seq)
        .where('seq', '<=', to)
        .orderBy('seq', 'asc')
        .limit(BATCH)
        .execute();
      const verdict = verifyChain(rows, undefined, at);
      if (!verdict.ok) return verdict.seq;
      if (rows.length === 0) return at.seq + 1;
      const last = rows.at(-1)!;
      at = { seq: Number(last.seq), hash: last.hash };
    }
    return undefined;
  }

  /**
   * Prunes the company's entries recorded before `before` (ISO) at `now`; how many it removed.
   * Nothing when no entry is that old or all such are behind the latest checkpoint. A chain that
   * does not verify up to there is left whole: signing a checkpoint over it would hide what was
   * changed behind the key's back. Two runs at once: the second to commit finds the checkpoint's
   * primary key taken and removes nothing.
   */
  async prune(organisationId: string, before: string, now: Date): Promise<number> {
    const last = await this.db
      .selectFrom('audit_log')
      .select(['seq', 'hash', 'at'])
      .where('organisation_id', '=', organisationId)
      .where('at', '<', before)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) return 0;
    const seq = Number(last.seq);
    const previous = await latestCheckpoint(this.db, organisationId);
    const from = previous ? { seq: Number(previous.seq), hash: previous.hash } : { seq: 0, hash: GENESIS };
    if (seq <= from.seq) return 0;
    const broken = await this.brokenAt(organisationId, from, seq);
    if (broken !== undefined) {
      this.log?.error({ organisationId, seq: broken }, 'audit log: the chain does not verify, so retention does not prune it');
      return 0;
    }
    const unsigned = {
      organisation_id: organisationId,
      seq,
      hash: last.hash,
      entry_at: last.at,
      made_at: now.toISOString(),
      removed: seq - from.seq,
      key_id: this.key.keyId,
    };
    const checkpoint: AuditCheckpointsTable = { ...unsigned, signature: this.key.sign(checkpointStatement(unsigned)) };
    return this.db.transaction().execute(async (trx) => {
      // The head's row lock (as an append takes it) keeps a second pruning of the company, on
      // PostgreSQL, waiting until this one has committed; SQLite writes one transaction at a time.
      await trx
        .updateTable('audit_heads')
        .set((eb) => ({ seq: eb.ref('seq') }))
        .where('organisation_id', '=', organisationId)
        .execute();
      const latest = await latestCheckpoint(trx, organisationId);
      if (Number(latest?.seq ?? 0) !== from.seq) return 0;
      await trx.insertInto('audit_checkpoints').values(checkpoint).execute();
      await trx.deleteFrom('audit_log').where('organisation_id', '=', organisationId).where('seq', '<=', seq).execute();
      // They sign entries no longer there; the checkpoint takes their place.
      await trx.deleteFrom('audit_signatures').where('organisation_id', '=', organisationId).where('seq', '<=', seq).execute();
      return checkpoint.removed;
    });
  }
}
