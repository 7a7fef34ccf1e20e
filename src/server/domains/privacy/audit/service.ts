import { createHash, createPublicKey } from 'node:crypto';
import type {
  TAuditCheckpoint,
  TAuditEntry,
  TAuditPage,
  TAuditPublicKey,
  TAuditQuery,
  TAuditSignature,
} from '../../../../shared/schemas/audit.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { checkpointHeader, checkpointLine, csvHeader, csvLine, signatureLine, signaturesHeader } from './csv.ts';
import { latestCheckpoint } from './prune.ts';
import * as repo from './repository.ts';
import { signaturesOf, type PublicKeyPem } from './signer.ts';

const PAGE = 50;

function toEntry(row: repo.AuditRow): TAuditEntry {
  return {
    organisationId: row.organisation_id,
    seq: Number(row.seq),
    at: row.at,
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorEmail: row.actor_email,
    ip: row.ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Reading a company's audit log: its admins only, and only their own company's. */
export class AuditService {
  constructor(
    private readonly db: Db,
    /** The signing keys' public halves, for the signatures an export carries; without it they carry none. */
    private readonly publicKeyPem: PublicKeyPem = async () => undefined,
    /** The id of the key that signs now, whose public half admins may download. */
    private readonly currentKeyId?: string,
  ) {}

  private assertAdmin(actor: TUser, message: 'audit.adminOnly' | 'privacy.keyAdminOnly' = 'audit.adminOnly'): void {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, message);
  }

  /** The signatures of the company's heads, each with the public key it was made with, read after the entries. */
  private async *signatures(organisationId: string): AsyncGenerator<TAuditSignature> {
    const pems = new Map<string, string>();
    for (const signed of await signaturesOf(this.db, organisationId)) {
      if (!pems.has(signed.key_id)) pems.set(signed.key_id, (await this.publicKeyPem(signed.key_id)) ?? '');
      yield {
        organisationId: signed.organisation_id,
        seq: Number(signed.seq),
        hash: signed.hash,
        signedAt: signed.signed_at,
        keyId: signed.key_id,
        signature: signed.signature,
        publicKey: pems.get(signed.key_id)!,
      };
    }
  }

  /** The checkpoint the company's chain starts from, with its public key; null while nothing was removed. */
  private async checkpoint(organisationId: string): Promise<TAuditCheckpoint | null> {
    const c = await latestCheckpoint(this.db, organisationId);
    if (!c) return null;
    return {
      organisationId: c.organisation_id,
      seq: Number(c.seq),
      hash: c.hash,
      entryAt: c.entry_at,
      madeAt: c.made_at,
      removed: Number(c.removed),
      keyId: c.key_id,
      signature: c.signature,
      publicKey: (await this.publicKeyPem(c.key_id)) ?? '',
    };
  }

  /**
   * The installation's current public key, for an auditor to check the signatures with a key that
   * did not come in the export itself. Its fingerprint is to be compared with the one the operator
   * publishes: a key fetched through the app alone proves nothing against whoever runs the app.
   */
  async publicKey(actor: TUser): Promise<TAuditPublicKey> {
    this.assertAdmin(actor, 'privacy.keyAdminOnly');
    const pem = this.currentKeyId ? await this.publicKeyPem(this.currentKeyId) : undefined;
    if (!this.currentKeyId || !pem) throw new AppError('NOT_FOUND', 404, 'audit.noKey');
    const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
    return { keyId: this.currentKeyId, fingerprint: createHash('sha256').update(der).digest('hex'), pem };
  }

  async page(actor: TUser, query: TAuditQuery): Promise<TAuditPage> {
    this.assertAdmin(actor);
    const limit = query.limit ?? PAGE;
    const rows = await repo.page(this.db, actor.organisationId, query, limit + 1, query.before);
    const entries = rows.slice(0, limit).map(toEntry);
    const c = await latestCheckpoint(this.db, actor.organisationId);
    const checkpoint = c ? { seq: Number(c.seq), entryAt: c.entry_at, madeAt: c.made_at, removed: Number(c.removed) } : null;
    return { entries, nextBefore: rows.length > limit ? entries.at(-1)!.seq : null, checkpoint };
  }

  /**
   * The entries as CSV in chain order, read in batches as the download goes. Unfiltered, the file
   * verifies from seq 1 (npm run audit:verify); a filtered one is a window, its gaps expected.
   * Then the signatures of the company's heads, each with its public key (csv.ts), read after the
   * entries so that each one signs an entry already in the file; then, when retention has removed
   * the oldest entries, the checkpoint the entries start from, read before them.
   */
  csv(actor: TUser, query: TAuditQuery): AsyncGenerator<string> {
    this.assertAdmin(actor);
    const { db } = this;
    const signatures = (organisationId: string) => this.signatures(organisationId);
    const checkpointOf = (organisationId: string) => this.checkpoint(organisationId);
    return (async function* () {
      const checkpoint = await checkpointOf(actor.organisationId);
      yield csvHeader();
      for await (const row of repo.inOrder(db, actor.organisationId, query)) yield csvLine(row);
      yield signaturesHeader();
      for await (const s of signatures(actor.organisationId)) {
        yield signatureLine({
          organisation_id: s.organisationId,
          seq: s.seq,
          hash: s.hash,
          signed_at: s.signedAt,
          key_id: s.keyId,
          signature: s.signature,
          public_key: s.publicKey,
        });
      }
      if (checkpoint) {
        yield checkpointHeader();
        yield checkpointLine({
          organisation_id: checkpoint.organisationId,
          seq: checkpoint.seq,
          hash: checkpoint.hash,
          entry_at: checkpoint.entryAt,
          made_at: checkpoint.madeAt,
          removed: checkpoint.removed,
          key_id: checkpoint.keyId,
          signature: checkpoint.signature,
          public_key: checkpoint.publicKey,
        });
      }
    })();
  }

  /**
   * The same export as JSON (ZAuditExport): the checkpoint the chain starts from (or null), the
   * entries in chain order as the pages show them, then the signed heads with their public keys,
   * written as the download goes. npm run audit:verify checks it as it checks the CSV.
   */
  json(actor: TUser, query: TAuditQuery): AsyncGenerator<string> {
    this.assertAdmin(actor);
    const { db } = this;
    const signatures = (organisationId: string) => this.signatures(organisationId);
    const checkpointOf = (organisationId: string) => this.checkpoint(organisationId);
    return (async function* () {
      yield `{"checkpoint":${JSON.stringify(await checkpointOf(actor.organisationId))},"entries":[`;
      let separator = '';
      for await (const row of repo.inOrder(db, actor.organisationId, query)) {
        yield separator + JSON.stringify(toEntry(row));
        separator = ',';
      }
      yield '],"signatures":[';
      separator = '';
      for await (const signature of signatures(actor.organisationId)) {
        yield separator + JSON.stringify(signature);
        separator = ',';
      }
      yield ']}';
    })();
  }
}
