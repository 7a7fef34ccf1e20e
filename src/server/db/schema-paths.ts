/** The learning paths' tables (migration 042; docs/decisions/051-learning-paths.md). */

export interface LearningPathsTable {
  id: string;
  organisation_id: string;
  title: string;
  description: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface LearningPathCoursesTable {
  path_id: string;
  course_id: string;
  /** 0-based order on the path. */
  position: number;
}

export interface PathEnrolmentsTable {
  id: string;
  path_id: string;
  user_id: string;
  organisation_id: string;
  assigned_by: string | null;
  due_at: string | null;
  enrolled_at: string;
  /** When the last of its courses was completed; set once. */
  completed_at: string | null;
}

export interface LearningPathTables {
  learning_paths: LearningPathsTable;
  learning_path_courses: LearningPathCoursesTable;
  path_enrolments: PathEnrolmentsTable;
}
