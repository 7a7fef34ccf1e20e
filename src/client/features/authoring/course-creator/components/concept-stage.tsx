import type { Dispatch, SetStateAction } from 'react';
import PenTool from 'lucide-react/icons/pen-tool';
import type { TDraftConcepts } from '@shared/schemas/creator-drafts.ts';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';
import type { ConceptDetails, WizardProfile } from '../lib/draft-sync';
import type { CourseDraft } from '../lib/wizard';
import { ConceptStep } from './concept-step';
import { TeacherProfileView } from './teacher-profile';

export interface ConceptStageProps {
  draft: CourseDraft;
  onDraftChange: Dispatch<SetStateAction<CourseDraft>>;
  /** The completed teacher profile the draft was pre-filled from, shown folded above; null without one. */
  profile: WizardProfile | null;
  concepts: TDraftConcepts | null;
  onConcepts: Dispatch<SetStateAction<TDraftConcepts | null>>;
  /** The chosen concept's details, which the draft keeps to build the course from. */
  onConcept: (concept: ConceptDetails) => void;
  onNext: () => void;
  onOpenBuilder: () => void;
  /** The builder is being opened (a course is being made). */
  opening: boolean;
  onSetupRequired: () => void;
}

/**
 * The wizard's concept step: the profile it starts from, three concepts to choose from, and once one
 * is chosen, on to the outline or straight into the builder. Choosing a concept makes its title and
 * description the draft's.
 */
export function ConceptStage({
  draft,
  onDraftChange,
  profile,
  concepts,
  onConcepts,
  onConcept,
  onNext,
  onOpenBuilder,
  opening,
  onSetupRequired,
}: ConceptStageProps) {
  const { t } = useTranslation('creator-wizard');
  const chosen = concepts?.chosen ?? null;
  return (
    <>
      {profile && (
        <details className="rounded-xl border border-border p-4">
          <summary className="cursor-pointer font-medium">{t('profile.heading')}</summary>
          <div className="mt-3">
            <TeacherProfileView profile={profile} />
          </div>
        </details>
      )}
      <ConceptStep
        draft={draft}
        onDraftChange={onDraftChange}
        fromProfile={profile !== null}
        result={concepts}
        onResult={(result) => onConcepts({ concepts: result.concepts, chosen: null, language: result.language, source: result.source })}
        chosen={chosen}
        onChoose={(index) => {
          onConcepts((current) => current && { ...current, chosen: index });
          const picked = concepts?.concepts[index];
          if (!picked) return;
          onDraftChange((d) => ({ ...d, title: picked.title, description: picked.description }));
          const { learning_objectives, complexity_level, duration, format } = picked;
          onConcept({ learning_objectives, complexity_level, duration, format });
        }}
        onSetupRequired={onSetupRequired}
      />
      {chosen !== null && (
        <div className="flex flex-wrap gap-3">
          <Button onClick={onNext} data-testid="concept-next">
            {t('concept.toOutline')}
          </Button>
          <Button variant="secondary" onClick={onOpenBuilder} disabled={opening} data-testid="open-builder">
            <PenTool aria-hidden="true" className="size-4" />
            {t('concept.openBuilder')}
          </Button>
        </div>
      )}
    </>
  );
}
