import type { FastifyBaseLogger } from 'fastify';
import {
  certificatePdfPath,
  type CertificateStatus,
  type TCertificateVerification,
  type TMyCertificate,
} from '../../../../shared/schemas/certificates.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { newCertificateCode, normaliseCertificateCode } from './codes.ts';
import type { CertificateKeys } from './keys.ts';
import { renderCertificatePdf, type CertificateBrand } from './pdf.ts';
import * as repo from './repository.ts';
import { canonicalStatement } from './statement.ts';
import { hoursOf, WORDING, type CertificateLanguage } from './wording.ts';
import { DEMO_EMAILS } from '../../../../shared/demo.ts';
import { assertNotDemo } from '../../identity/index.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';

const notFound = () => new AppError('NOT_FOUND', 404, 'certificates.notFound');
const language = (stored: string | null): CertificateLanguage => (stored === 'en' ? 'en' : 'da');

/** What a certificate states, as the page and the PDF show it. */
function stated(row: repo.CertificateRow) {
  return {
    kind: row.path_enrolment_id === null ? ('course' as const) : ('path' as const),
    holderName: row.holder_name,
    holderErased: row.holder_erased_at !== null,
    courseTitle: row.course_title,
    companyName: row.company_name,
    instructorName: row.instructor_name,
    issuedAt: row.issued_at,
    expiresAt: row.expires_at,
    score: row.score,
    minutes: row.minutes,
    language: language(row.language),
  };
}

/**
 * A certificate is of a course or of a learning path, never partly both: each kind's statement
 * signs only its own fields, so the other kind's must be empty for what it shows to be what was signed.
 */
function wellFormed(row: repo.CertificateRow): boolean {
  if (row.holder_erased_at !== null && row.holder_name !== '') return false;
  if (row.path_enrolment_id === null) return row.path_id === null && row.enrolment_id !== null && row.course_id !== null;
  return row.enrolment_id === null && row.course_id === null && row.expires_at === null && row.score === null && row.cycle === 1;
}

/** An ASCII file name part from a course title: "Korte møder" → "korte-moeder". */
function fileSlug(title: string): string {
  const folded = title
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'oe')
    .replaceAll('å', 'aa')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  return folded
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
}

/**
 * Certificates: issued once per completed enrolment, signed with Ed25519 over what
 * they state, verified by anyone from their code, downloaded as a PDF by their holder and the
 * issuing company's admins, and revoked by those admins.
 */
export class CertificatesService {
  constructor(
    private readonly db: Db,
    private readonly keys: CertificateKeys,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** The issuing company's brand for its PDFs (none: Kursa's look). */
    private readonly brandOf: (organisationId: string) => Promise<CertificateBrand | undefined> = async () => undefined,
    /** When a certificate earned now expires (a course its holder must take again every so often); null: never. */
    private readonly expiryOf: (certificate: { userId: string; courseId: string; issuedAt: string }) => Promise<string | null> = async () =>
      null,
    /** After a certificate was issued or revoked (its id). */
    private readonly onChanged: (certificateId: string) => Promise<void> = async () => {},
    private readonly audit = new AuditLog(db, log),
  ) {}

  private verifyUrl(code: string): string {
    return `${this.publicUrl}/verify/${code}`;
  }

  /** Issues the certificate of a completed enrolment's cycle, once (a second call, or a racing one, changes nothing). */
  async issue(enrolmentId: string): Promise<void> {
    const done = await repo.findCompletion(this.db, enrolmentId);
    const issuedAt = done?.completed_at;
    if (!done || !issuedAt) return;
    const expiresAt = await this.expiryOf({ userId: done.user_id, courseId: done.course_id, issuedAt });
    const score = await repo.quizScore(this.db, done);
    await this.insertSigned(
      (code) => ({
        id: newId(),
        code,
        enrolment_id: done.id,
        user_id: done.user_id,
        course_id: done.course_id,
        organisation_id: done.organisation_id,
        holder_name: done.holder_name,
        course_title: done.course_title,
        company_name: done.company_name,
        instructor_name: done.instructor_name,
        language: language(done.language),
        minutes: Number(done.minutes ?? 0),
        // The day it was earned, also when issued later.
        issued_at: issuedAt,
        key_id: this.keys.keyId,
        revoked_at: null,
        revoked_by: null,
        revoked_reason: null,
        cycle: done.cycle,
        expires_at: expiresAt,
        score,
        path_id: null,
        path_enrolment_id: null,
        holder_erased_at: null,
      }),
      (row) => repo.insertCertificate(this.db, row),
    );
  }

  /** Issues the certificate of a finished learning path, once; it states the path's title, its maker (or company) and its courses' length. */
  async issuePath(pathEnrolmentId: string): Promise<void> {
    const done = await repo.findPathCompletion(this.db, pathEnrolmentId);
    const issuedAt = done?.completed_at;
    if (!done || !issuedAt) return;
    // Taken off the path and given it again after finishing: the certificate they hold stands.
    if (await repo.holdsPathCertificate(this.db, done.user_id, done.path_id)) return;
    await this.insertSigned(
      (code) => ({
        id: newId(),
        code,
        enrolment_id: null,
        user_id: done.user_id,
        course_id: null,
        organisation_id: done.organisation_id,
        holder_name: done.holder_name,
        course_title: done.path_title,
        company_name: done.company_name,
        instructor_name: done.maker_name ?? done.company_name,
        language: language(done.language),
        minutes: Number(done.minutes ?? 0),
        issued_at: issuedAt,
        key_id: this.keys.keyId,
        revoked_at: null,
        revoked_by: null,
        revoked_reason: null,
        cycle: 1,
        expires_at: null,
        score: null,
        path_id: done.path_id,
        path_enrolment_id: done.id,
        holder_erased_at: null,
      }),
      (row) => repo.insertPathCertificate(this.db, row),
    );
  }

  /** Signs and inserts what `unsigned` states under a fresh code; `insert` answers false when its certificate already exists. */
  private async insertSigned(
    unsigned: (code: string) => Omit<repo.CertificateRow, 'signature'>,
    insert: (row: repo.CertificateRow) => Promise<boolean>,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const row = unsigned(newCertificateCode());
      try {
        if (await insert({ ...row, signature: this.keys.sign(canonicalStatement(row)) })) await this.onChanged(row.id);
        return;
      } catch (error) {
        // Another certificate drew the same code (80 random bits: practically never): draw again.
        if (!isUniqueViolation(error) || attempt >= 2) throw error;
      }
    }
  }

  /** The learning module's completion hook: a certificate that cannot be issued now never fails the learner's request; it is issued later. */
  async issueQuietly(enrolmentId: string): Promise<void> {
    try {
      await this.issue(enrolmentId);
    } catch (error) {
      this.log.error({ err: error, enrolmentId }, 'certificate not issued; it will be when the learner lists their certificates');
    }
  }

  private async status(row: repo.CertificateRow): Promise<CertificateStatus> {
    if (!wellFormed(row) || !(await this.keys.verify(row.key_id, canonicalStatement(row), row.signature))) return 'invalid';
    if (row.revoked_at) return 'revoked';
    return row.expires_at !== null && row.expires_at <= new Date().toISOString() ? 'expired' : 'genuine';
  }

  /** GET /api/certificates: mine, newest first; a completed course without its certificate gets it now. */
  async mine(actor: TUser): Promise<TMyCertificate[]> {
    for (const enrolmentId of await repo.completedWithoutCertificate(this.db, actor.id)) await this.issue(enrolmentId);
    for (const placeId of await repo.finishedPathsWithoutCertificate(this.db, actor.id)) await this.issuePath(placeId);
    const rows = await repo.listByUser(this.db, actor.id);
    return Promise.all(
      rows.map(async (row) => ({
        code: row.code,
        kind: row.path_enrolment_id === null ? ('course' as const) : ('path' as const),
        courseId: row.course_id,
        pathId: row.path_id,
        courseTitle: row.course_title,
        companyName: row.company_name,
        issuedAt: row.issued_at,
        expiresAt: row.expires_at,
        status: await this.status(row),
        revokedAt: row.revoked_at,
        verifyUrl: this.verifyUrl(row.code),
        pdfUrl: certificatePdfPath(row.code),
      })),
    );
  }

  private async find(code: string): Promise<repo.CertificateRow> {
    const normalised = normaliseCertificateCode(code);
    const row = normalised ? await repo.findByCode(this.db, normalised) : undefined;
    if (!row) throw notFound();
    return row;
  }

  private isAdminOf(actor: TUser | null, row: repo.CertificateRow): boolean {
    return actor?.role === 'admin' && actor.organisationId === row.organisation_id;
  }

  /** GET /api/certificates/:code, for anyone: a certificate that does not verify says nothing of what it claims. */
  async verify(code: string, actor: TUser | null): Promise<TCertificateVerification> {
    const row = await this.find(code);
    const status = await this.status(row);
    const valid = status !== 'invalid';
    return {
      code: row.code,
      status,
      certificate: valid ? { ...stated(row), hours: hoursOf(row.minutes) } : null,
      revokedAt: valid ? row.revoked_at : null,
      revokedReason: valid ? row.revoked_reason : null,
      // The shared demo admin may look, not revoke: its login is public (DEMO_LOCKED below).
      canRevoke: (status === 'genuine' || status === 'expired') && this.isAdminOf(actor, row) && !DEMO_EMAILS.includes(actor!.email),
      canDownload: valid && actor !== null && (actor.id === row.user_id || this.isAdminOf(actor, row)),
      verifyUrl: this.verifyUrl(row.code),
      pdfUrl: certificatePdfPath(row.code),
    };
  }

  /**
   * The erasure of a person: each of their certificates loses the name and is signed again over a
   * statement that says the holder was erased (statement.ts), so its page still verifies what was
   * certified. One that does not verify now is not signed again (that would launder a change made
   * behind the key's back): it stays invalid, without the name. Answers how many were changed.
   */
  async eraseHolder(userId: string, at: string): Promise<number> {
    let changed = 0;
    for (const row of await repo.listByUser(this.db, userId)) {
      if (row.holder_erased_at !== null) continue;
      const genuine = (await this.status(row)) !== 'invalid';
      const erased = { ...row, holder_name: '', holder_erased_at: at, key_id: genuine ? this.keys.keyId : row.key_id };
      const signature = genuine ? this.keys.sign(canonicalStatement(erased)) : row.signature;
      await repo.replaceSigned(this.db, row.id, { ...erased, signature });
      changed += 1;
    }
    return changed;
  }

  /** GET /api/certificates/:code/pdf: its holder and the issuing company's admins; anyone else 404. A revoked one is marked revoked. */
  async pdf(actor: TUser, code: string): Promise<{ fileName: string; bytes: Uint8Array }> {
    const row = await this.find(code);
    if (actor.id !== row.user_id && !this.isAdminOf(actor, row)) throw notFound();
    return this.render(row);
  }

  /** A holder's certificate as they would download it, for the copy of their data; undefined when it is not theirs or no longer valid. */
  async holderPdf(holderId: string, code: string): Promise<Uint8Array | undefined> {
    const row = await this.find(code).catch(() => undefined);
    if (!row || row.user_id !== holderId || (await this.status(row)) === 'invalid') return undefined;
    return (await this.render(row)).bytes;
  }

  private async render(row: repo.CertificateRow): Promise<{ fileName: string; bytes: Uint8Array }> {
    if ((await this.status(row)) === 'invalid') throw new AppError('CERTIFICATE_INVALID', 409, 'certificates.invalid');
    // A certificate without its holder's name is no document to hand anyone; its page still verifies.
    if (row.holder_erased_at !== null) throw notFound();
    const certificate = stated(row);
    const bytes = await renderCertificatePdf({
      ...certificate,
      code: row.code,
      keyId: row.key_id,
      verifyUrl: this.verifyUrl(row.code),
      revokedAt: row.revoked_at,
      brand: await this.brandOf(row.organisation_id),
    });
    const slug = fileSlug(row.course_title);
    return { fileName: `${WORDING[certificate.language].fileName}-${slug ? `${slug}-` : ''}${row.code}.pdf`, bytes };
  }

  /** POST /api/certificates/:code/revoke: an admin of the issuing company, once. */
  async revoke(actor: TUser, code: string, reason: string | undefined, ip?: string): Promise<TCertificateVerification> {
    const row = await this.find(code);
    if (!this.isAdminOf(actor, row)) throw notFound();
    assertNotDemo(actor);
    const revoked = await repo.revoke(this.db, row.id, { by: actor.id, reason: reason || null, now: new Date().toISOString() });
    if (!revoked) throw new AppError('ALREADY_REVOKED', 409, 'certificates.alreadyRevoked');
    await this.onChanged(row.id);
    await this.audit.record({
      organisationId: row.organisation_id,
      actor: actorOf(actor, ip),
      action: 'certificate.revoked',
      target: { type: 'certificate', id: row.id },
      details: { code: row.code, holderId: row.user_id, reason: reason || null },
    });
    return this.verify(row.code, actor);
  }
}
