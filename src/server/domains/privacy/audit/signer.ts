import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { AuditSignaturesTable } from '../../../db/schema-audit.ts';
import { headStatement } from './statement.ts';

/**
 * The installation's signing key as the audit log uses it: the certificates' Ed25519 key, given
 * by the composition root as functions, so this domain depends on no other.
 */
export interface AuditSigningKey {
  keyId: string;
  /** Ed25519 over the statement's UTF-8 bytes, base64url. */
  sign: (statement: string) => string;
}

/** The SPKI PEM of a signing key by its id (what an export carries so it checks offline); undefined when unknown. */
export type PublicKeyPem = (keyId: string) => Promise<string | undefined>;

/**
 * A company's head is signed at most this often: each signature is a row, and an hour bounds what
 * a rewrite can change unseen (the entries after the last signature) while keeping a busy
 * company's signatures to 24 a day. A company with no new entry since its last signature gets none.
 */
export const SIGN_EVERY_MS = 60 * 60 * 1000;

/** The same shape as the notification scan's periodic work; structural, so nothing is imported from it. */
export interface AuditHeadsWork {
  pending: (now: Date) => Promise<readonly { organisationId: string }[]>;
  run: (now: Date, organisationId: string) => Promise<number>;
}

/** Signs companies' audit chain heads; the notification scan runs it as its 'audit-heads' work. */
export class AuditHeadSigner {
  constructor(
    private readonly db: Db,
    private readonly key: AuditSigningKey,
  ) {}

  /** Companies whose head is beyond their last signature, and whose last signature (if any) is an hour old. */
  async pending(now: Date): Promise<{ organisationId: string }[]> {
    const cutoff = new Date(now.getTime() - SIGN_EVERY_MS).toISOString();
    const rows = await this.db
      .selectFrom('audit_heads as h')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('audit_signatures')
            .select(['organisation_id', sql<number>`max(seq)`.as('seq'), sql<string>`max(signed_at)`.as('signed_at')])
            .groupBy('organisation_id')
            .as('s'),
        (join) => join.onRef('s.organisation_id', '=', 'h.organisation_id'),
      )
      .select('h.organisation_id')
      .where((eb) => eb('h.seq', '>', eb.fn.coalesce('s.seq', sql.lit(0))))
      .where((eb) => eb.or([eb('s.signed_at', 'is', null), eb('s.signed_at', '<=', cutoff)]))
      .execute();
    return rows.map((r) => ({ organisationId: r.organisation_id }));
  }

  /**
   * Signs the company's head when it is beyond its last signature; 1 when a row was written. Two
   * instances signing the same head both try, and the primary key (organisation, seq) keeps one.
   */
  async run(now: Date, organisationId: string): Promise<number> {
    const head = await this.db
      .selectFrom('audit_heads')
      .select(['seq', 'hash'])
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!head || Number(head.seq) === 0) return 0;
    const last = await this.db
      .selectFrom('audit_signatures')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (Number(last?.seq ?? 0) >= Number(head.seq)) return 0;
    const unsigned = {
      organisation_id: organisationId,
      seq: Number(head.seq),
      hash: head.hash,
      signed_at: now.toISOString(),
      key_id: this.key.keyId,
    };
    const row: AuditSignaturesTable = { ...unsigned, signature: this.key.sign(headStatement(unsigned)) };
    const result = await this.db
      .insertInto('audit_signatures')
      .values(row)
      .onConflict((oc) => oc.columns(['organisation_id', 'seq']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  get work(): AuditHeadsWork {
    return { pending: (now) => this.pending(now), run: (now, organisationId) => this.run(now, organisationId) };
  }
}

/** A company's signatures in seq order, for its export. */
export function signaturesOf(db: Db, organisationId: string): Promise<AuditSignaturesTable[]> {
  return db.selectFrom('audit_signatures').selectAll().where('organisation_id', '=', organisationId).orderBy('seq', 'asc').execute();
}
