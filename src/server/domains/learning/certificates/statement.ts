import type { CertificateRow } from './repository.ts';

/**
 * What a certificate's signature covers: everything it states and whom and what it binds, in a
 * fixed order, as JSON (one unambiguous serialisation of strings and an integer). Changing any of
 * these stored fields, or the key id, makes the signature fail. The revocation is not signed: it is
 * a later event recorded by the company, not part of what was certified.
 *
 * A certificate of a course taken again, or one that expires or states a score, also signs its
 * cycle, expiry and score (version 2); one without them keeps version 1's statement, so every
 * certificate signed before those existed still verifies.
 *
 * A learning path's certificate has its own statement: it binds the path and the person's place on
 * it where a course's binds its enrolment and course.
 *
 * A certificate whose holder's data was erased is signed again over a statement of its own: every
 * other fact as it was, no name, and when the holder was erased
 * (docs/decisions/053-erasure-and-retention.md). Signing the erasure too means no one without the
 * key can pass off a genuine certificate as an erased person's, or the other way round.
 */
export function canonicalStatement(row: Omit<CertificateRow, 'id' | 'signature' | 'revoked_at' | 'revoked_by' | 'revoked_reason'>): string {
  if (row.holder_erased_at !== null)
    return JSON.stringify([
      'kursa-certificate-erased-holder/1',
      row.key_id,
      row.code,
      row.enrolment_id,
      row.path_enrolment_id,
      row.user_id,
      row.course_id,
      row.path_id,
      row.organisation_id,
      row.course_title,
      row.company_name,
      row.instructor_name,
      row.language,
      row.minutes,
      row.issued_at,
      row.cycle,
      row.expires_at,
      row.score,
      row.holder_erased_at,
    ]);
  if (row.path_enrolment_id !== null)
    return JSON.stringify([
      'kursa-path-certificate/1',
      row.key_id,
      row.code,
      row.path_enrolment_id,
      row.user_id,
      row.path_id,
      row.organisation_id,
      row.holder_name,
      row.course_title,
      row.company_name,
      row.instructor_name,
      row.language,
      row.minutes,
      row.issued_at,
    ]);
  const extended = row.cycle !== 1 || row.expires_at !== null || row.score !== null;
  return JSON.stringify([
    extended ? 'kursa-certificate/2' : 'kursa-certificate/1',
    row.key_id,
    row.code,
    row.enrolment_id,
    row.user_id,
    row.course_id,
    row.organisation_id,
    row.holder_name,
    row.course_title,
    row.company_name,
    row.instructor_name,
    row.language,
    row.minutes,
    row.issued_at,
    ...(extended ? [row.cycle, row.expires_at, row.score] : []),
  ]);
}
