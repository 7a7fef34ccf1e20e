import { lazy, Suspense } from 'react';
import type { TCreatorDraft } from '@shared/schemas/creator-drafts.ts';
import { Spinner } from '@/components/ui/spinner';
import type { DraftSync, WizardState } from '../lib/draft-sync';
import { TemplateGenerator } from './template-generator';

// Whole-course generation brings the builder's job view (and its icons and checkboxes): its own chunk,
// fetched when the course-plan step opens, so the wizard's first load stays short.
const GenerateCourse = lazy(() => import('./generate-course').then((module) => ({ default: module.GenerateCourse })));

export interface OutlineStageProps {
  state: Pick<WizardState, 'draft' | 'concept'>;
  saved: TCreatorDraft | null;
  sync: DraftSync;
  /** The saved draft, made first if need be, once the wizard's latest state is saved. */
  ensureDraft: () => Promise<TCreatorDraft>;
  onOpenBuilder: (courseId: string) => void;
  onSetupRequired: () => void;
  onConceptStep: () => void;
}

/** The wizard's course-plan step: the whole course written by AI, or a template of its outline to apply. */
export function OutlineStage({ state, saved, sync, ensureDraft, onOpenBuilder, onSetupRequired, onConceptStep }: OutlineStageProps) {
  return (
    <>
      <Suspense fallback={<Spinner />}>
        <GenerateCourse
          state={state}
          saved={saved}
          sync={sync}
          onOpenBuilder={onOpenBuilder}
          onSetupRequired={onSetupRequired}
          onConceptStep={onConceptStep}
        />
      </Suspense>
      <TemplateGenerator
        draft={state.draft}
        ensureDraft={ensureDraft}
        onDraft={(next) => sync.set(next)}
        onApplied={onOpenBuilder}
        onSetupRequired={onSetupRequired}
      />
    </>
  );
}
