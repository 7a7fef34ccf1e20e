import type { CourseFeature } from '@shared/course-features.ts';
import type { WizardProfile } from '../lib/draft-sync';
import type { Answers, CourseDraft } from '../lib/wizard';
import { AiGate } from './ai-gate';
import { TeacherProfileView } from './teacher-profile';
import { TeacherQuestionnaire } from './teacher-questionnaire';

export interface NeedsStageProps {
  draft: CourseDraft;
  answers: Answers;
  onAnswers: (answers: Answers) => void;
  onAnalysed: (profile: WizardProfile) => void;
  /** The analysed profile, once there is one: it replaces the questionnaire. */
  profile: WizardProfile | null;
  /** Given while the profile is not completed yet. */
  onContinue?: () => void;
  onAdd?: (feature: CourseFeature) => Promise<void>;
  onSetupRequired: () => void;
}

/** The AI path's first step: the teacher questionnaire, then the profile its analysis answered. */
export function NeedsStage({ draft, answers, onAnswers, onAnalysed, profile, onContinue, onAdd, onSetupRequired }: NeedsStageProps) {
  if (profile) return <TeacherProfileView profile={profile} {...(onContinue && { onContinue })} {...(onAdd && { onAdd })} />;
  return (
    <AiGate>
      <TeacherQuestionnaire
        draft={draft}
        answers={answers}
        onAnswers={onAnswers}
        onAnalysed={onAnalysed}
        onSetupRequired={onSetupRequired}
      />
    </AiGate>
  );
}
