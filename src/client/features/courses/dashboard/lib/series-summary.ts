/** One day of the analytics series (GET …/analytics). */
export interface SeriesPoint {
  date: string;
  enrolments: number;
  completions: number;
}

export interface SeriesSummary {
  enrolments: number;
  completions: number;
  /** The day with the most enrolments (the earliest of equals), or null when there were none. */
  busiest: { date: string; enrolments: number } | null;
}

/** The chart's text alternative: totals over the period and its busiest day. */
export function summariseSeries(series: readonly SeriesPoint[]): SeriesSummary {
  let enrolments = 0;
  let completions = 0;
  let busiest: SeriesSummary['busiest'] = null;
  for (const point of series) {
    enrolments += point.enrolments;
    completions += point.completions;
    if (point.enrolments > 0 && (!busiest || point.enrolments > busiest.enrolments))
      busiest = { date: point.date, enrolments: point.enrolments };
  }
  return { enrolments, completions, busiest };
}
