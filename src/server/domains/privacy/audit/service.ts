import type { TAuditEntry, TAuditPage, TAuditQuery } from '../../../../shared/schemas/audit.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { csvHeader, csvLine, signatureLine, signaturesHeader } from './csv.ts';
import * as repo from './repository.ts';
import { signaturesOf, type PublicKeyPem } from './signer.ts';

const PAGE = 50;

function toEntry(row: repo.AuditRow): TAuditEntry {
  return {
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
  ) {}

  private assertAdmin(actor: TUser): void {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'audit.adminOnly');
  }

  async page(actor: TUser, query: TAuditQuery): Promise<TAuditPage> {
    this.assertAdmin(actor);
    const limit = query.limit ?? PAGE;
    const rows = await repo.page(this.db, actor.organisationId, query, limit + 1, query.before);
    const entries = rows.slice(0, limit).map(toEntry);
    return { entries, nextBefore: rows.length > limit ? entries.at(-1)!.seq : null };
  }

  /**
   * The entries as CSV in chain order, read in batches as the download goes. Unfiltered, the file
   * verifies from seq 1 (npm run audit:verify); a filtered one is a window, its gaps expected.
   * Then the signatures of the company's heads, each with its public key (csv.ts), read after the
   * entries so that each one signs an entry already in the file.
   */
  csv(actor: TUser, query: TAuditQuery): AsyncGenerator<string> {
    this.assertAdmin(actor);
    const { db, publicKeyPem } = this;
    return (async function* () {
      yield csvHeader();
      for await (const row of repo.inOrder(db, actor.organisationId, query)) yield csvLine(row);
      yield signaturesHeader();
      const pems = new Map<string, string>();
      for (const signed of await signaturesOf(db, actor.organisationId)) {
        if (!pems.has(signed.key_id)) pems.set(signed.key_id, (await publicKeyPem(signed.key_id)) ?? '');
        yield signatureLine({ ...signed, seq: Number(signed.seq), public_key: pems.get(signed.key_id)! });
      }
    })();
  }
}
