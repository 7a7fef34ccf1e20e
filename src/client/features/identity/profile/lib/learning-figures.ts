/** What the learner's Statistikker need of each enrolment (GET /api/learning). */
export interface LearningRow {
  progress: number;
  completedAt: string | null;
}

export interface LearningFigures {
  enrolled: number;
  completed: number;
  inProgress: number;
  /** Whole per cent over all enrolments; null without any. */
  averageProgress: number | null;
}

/**
 * A learner's figures: courses enrolled in, completed, begun but not completed, and the average
 * progress over all of them.
 */
export function learningFigures(rows: readonly LearningRow[]): LearningFigures {
  const completed = rows.filter((row) => row.completedAt !== null).length;
  const inProgress = rows.filter((row) => row.completedAt === null && row.progress > 0).length;
  const total = rows.reduce((sum, row) => sum + row.progress, 0);
  return {
    enrolled: rows.length,
    completed,
    inProgress,
    averageProgress: rows.length === 0 ? null : Math.round(total / rows.length),
  };
}
