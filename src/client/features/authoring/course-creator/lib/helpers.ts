import type { WizardStep } from './steps';

/**
 * The creator's four AI helper roles (docs/decisions/068-ai-images.md): names for what the wizard's
 * AI tasks already do, shown on the steps they work on and together on the assistants page.
 * `tasks` are the AI tasks behind each (AI_MODEL_<TASK> chooses their models); the Media Creator
 * also needs the image model.
 */
export const CREATOR_HELPERS = [
  {
    key: 'content-architect',
    name: 'Content Architect',
    steps: ['concept', 'outline', 'content'],
    tasks: ['generate-concept', 'generate-outline', 'generate-lesson', 'generate-quiz', 'generate-content'],
  },
  { key: 'media-creator', name: 'Media Creator', steps: ['content'], tasks: ['generate-image-brief'] },
  { key: 'learning-analyst', name: 'Learning Analyst', steps: ['insights'], tasks: ['analyze-performance', 'optimize-engagement'] },
  { key: 'market-intelligence', name: 'Market Intelligence', steps: ['launch'], tasks: ['generate-marketing'] },
] as const satisfies readonly { key: string; name: string; steps: readonly WizardStep[]; tasks: readonly string[] }[];

export type CreatorHelper = (typeof CREATOR_HELPERS)[number];

/** The helpers at work on a step, in the order above. */
export const helpersOf = (step: WizardStep): CreatorHelper[] =>
  CREATOR_HELPERS.filter((helper) => (helper.steps as readonly WizardStep[]).includes(step));
