import { COURSE_LANGUAGES } from '../../../../shared/schemas/courses.ts';
import type { TCreatorFigures } from '../../../../shared/schemas/creator-figures.ts';
import type { AiProviders } from '../../../ai/providers.ts';
import type { Db } from '../../../db/database.ts';
import { aiCourseCount, runCounts } from './repository.ts';

/** The creator's hero: real figures of this installation, never fixed numbers written into the page. */
export class CreatorFiguresService {
  constructor(
    private readonly db: Db,
    private readonly providers: AiProviders,
  ) {}

  async figures(): Promise<TCreatorFigures> {
    const [runs, aiCourses] = await Promise.all([runCounts(this.db), aiCourseCount(this.db)]);
    // A run the caller abandoned says nothing about the provider: it is left out of the rate.
    const finished = runs.runs - runs.aborted;
    return {
      aiCourses,
      aiRuns: runs.runs,
      successRate: finished > 0 ? Math.round((runs.ok / finished) * 100) : null,
      provider: this.providers.provider,
      model: this.providers.defaultModel,
      languages: [...COURSE_LANGUAGES],
    };
  }
}
