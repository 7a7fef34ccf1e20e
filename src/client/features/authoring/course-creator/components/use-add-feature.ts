import { COURSE_FEATURES, type CourseFeature } from '@shared/course-features.ts';
import { CREATOR_TIMINGS } from '@shared/creator-timings.ts';
import type { TCreatorDraft } from '@shared/schemas/creator-drafts.ts';
import { toast } from '@/lib/use-toast';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { addFeature } from '../api/add-feature';
import { draftProfile, type WizardProfile } from '../lib/draft-sync';

/**
 * Adds a feature the teacher profile found missing to the saved draft: it takes at least
 * CREATOR_TIMINGS.featureAddMs (as long as the call runs), then `onAdded` takes it off the list and
 * a toast says so; a failure is said in a toast and changes nothing.
 */
export function useAddFeature(
  withDraft: <T>(action: (current: TCreatorDraft) => Promise<T>) => Promise<T>,
  profile: WizardProfile | null,
  onAdded: (draft: TCreatorDraft, feature: CourseFeature) => void,
) {
  const { t } = useTranslation('creator-wizard');
  return async (feature: CourseFeature) => {
    const label = COURSE_FEATURES[feature][currentLanguage()];
    try {
      const [result] = await Promise.all([
        withDraft((current) => addFeature({ feature, draft_id: current.id, ...(profile && { teacher_profile: draftProfile(profile) }) })),
        new Promise((resolve) => setTimeout(resolve, CREATOR_TIMINGS.featureAddMs)),
      ]);
      onAdded(result.draft, feature);
      toast({ title: t('toast.featureTitle'), description: label });
    } catch {
      toast({
        title: t('toast.integrationFailed'),
        description: t('toast.integrationFailedText', { feature: label }),
        variant: 'destructive',
      });
    }
  };
}
