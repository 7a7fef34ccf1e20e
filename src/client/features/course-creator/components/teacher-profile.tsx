import type { TTeacherProfile } from '@shared/schemas/course-creator.ts';
import { COURSE_FEATURES } from '@shared/course-features.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { AiSource } from './ai-source';

const FIELDS = ['experience', 'subject', 'audience', 'goals', 'challenges'] as const;
const PREFERENCES = ['delivery', 'assessment', 'vision', 'transformation'] as const;

export interface TeacherProfileViewProps {
  profile: TTeacherProfile;
  /** Given while the profile is not completed yet: SPEC §4's Continue. */
  onContinue?: () => void;
}

/**
 * SPEC §3 teacher profile as the analysis answered it, with the features the needs call for
 * (SPEC §4's integration list). Adding one comes with POST /api/integrations/add-feature; until
 * then the list only informs.
 */
export function TeacherProfileView({ profile, onContinue }: TeacherProfileViewProps) {
  const { t } = useTranslation('creator-wizard');
  const language = currentLanguage();
  return (
    <Card className="flex flex-col gap-5" data-testid="teacher-profile">
      <div>
        <h3 className="text-lg font-semibold">{t('profile.heading')}</h3>
        <AiSource source={profile.source} />
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field}>
            <dt className="text-sm font-medium text-muted-foreground">{t(`profile.${field}`)}</dt>
            <dd className="mt-0.5">{profile[field]}</dd>
          </div>
        ))}
        {PREFERENCES.map((field) => (
          <div key={field}>
            <dt className="text-sm font-medium text-muted-foreground">{t(`profile.${field}`)}</dt>
            <dd className="mt-0.5">{profile.preferences[field]}</dd>
          </div>
        ))}
      </dl>
      {profile.missingFeatures.length > 0 && (
        <section aria-labelledby="missing-features-heading" data-testid="missing-features">
          <h4 id="missing-features-heading" className="font-semibold">
            {t('profile.missingHeading')}
          </h4>
          <p className="mt-1 text-sm text-muted-foreground">{t('profile.missingText')}</p>
          <ul className="mt-3 flex flex-col gap-2">
            {profile.missingFeatures.map((feature) => (
              <li key={feature.key} className="rounded-xl border border-border p-3">
                <p className="font-medium">{COURSE_FEATURES[feature.key][language]}</p>
                <p className="text-sm text-muted-foreground">{feature.reason}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {onContinue && (
        <div>
          <Button onClick={onContinue}>{t('profile.continue')}</Button>
        </div>
      )}
    </Card>
  );
}
