/** A SCORM package of a course (migration 058; docs/decisions/065-scorm-player.md). */
export interface ScormPackagesTable {
  id: string;
  organisation_id: string;
  course_id: string;
  /** 1.2 | 2004 */
  version: '1.2' | '2004';
  /** As its manifest says: `1.2`, `2004 4th Edition` … */
  schema_version: string;
  title: string;
  file_count: number;
  /** All its files unpacked, in bytes. */
  size: number | string;
  uploaded_by: string | null;
  created_at: string;
}

/** One file of a package, found by its path in the package. */
export interface ScormFilesTable {
  package_id: string;
  path: string;
  storage_key: string;
  mime: string;
  size: number | string;
}

/** A learner's run of a SCORM lesson: what the SCO last committed, to resume from. */
export interface ScormRunsTable {
  enrolment_id: string;
  lesson_id: string;
  /** JSON: the CMI data model as the runtime renders it. */
  cmi: string;
  /** completed | incomplete | not attempted | unknown (1.2's lesson_status is read into both). */
  completion: string;
  /** passed | failed | unknown */
  success: string;
  /** Scaled to per cent, or null. */
  score: number | null;
  updated_at: string;
}

export interface ScormTables {
  scorm_packages: ScormPackagesTable;
  scorm_files: ScormFilesTable;
  scorm_runs: ScormRunsTable;
}
