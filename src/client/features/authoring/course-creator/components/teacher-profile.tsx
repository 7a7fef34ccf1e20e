import { useState } from 'react';
import { COURSE_FEATURES, type CourseFeature } from '@shared/course-features.ts';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import type { WizardProfile } from '../lib/draft-sync';
import { AiSource } from './ai-source';

const FIELDS = ['experience', 'subject', 'audience', 'goals', 'challenges'] as const;
const PREFERENCES = ['delivery', 'assessment', 'vision', 'transformation'] as const;

export interface TeacherProfileViewProps {
  /** As analysed, or restored from a saved draft (with the AI source it was saved with; a profile saved before sources were kept has none). */
  profile: WizardProfile;
  /** Given while the profile is not completed yet: its Continue button. */
  onContinue?: () => void;
  /** Adds a missing feature (POST /api/integrations/add-feature); it leaves the list once added. */
  onAdd?: (feature: CourseFeature) => Promise<void>;
}

/**
 * The teacher profile as the analysis answered it, with the features the needs call for
 * (the integration list), each of which can be added while the profile is not completed.
 */
export function TeacherProfileView({ profile, onContinue, onAdd }: TeacherProfileViewProps) {
  const { t } = useTranslation('creator-wizard');
  const [adding, setAdding] = useState<ReadonlySet<CourseFeature>>(new Set());
  const add = (feature: CourseFeature) => {
    if (!onAdd || adding.has(feature)) return;
    setAdding((s) => new Set(s).add(feature));
    void onAdd(feature).finally(() =>
      setAdding((s) => {
        const next = new Set(s);
        next.delete(feature);
        return next;
      }),
    );
  };
  const language = currentLanguage();
  return (
    <Card className="flex flex-col gap-5" data-testid="teacher-profile">
      <div>
        <h2 className="text-lg font-semibold">{t('profile.heading')}</h2>
        {profile.source && <AiSource source={profile.source} />}
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
          <h3 id="missing-features-heading" className="font-semibold">
            {t('profile.missingHeading')}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{t('profile.missingText')}</p>
          <ul className="mt-3 flex flex-col gap-2">
            {profile.missingFeatures.map((feature) => (
              <li key={feature.key} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3">
                <div>
                  <p className="font-medium">{COURSE_FEATURES[feature.key][language]}</p>
                  <p className="text-sm text-muted-foreground">{feature.reason}</p>
                </div>
                {onAdd && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={adding.has(feature.key)}
                    onClick={() => add(feature.key)}
                    aria-label={`${adding.has(feature.key) ? t('profile.adding') : t('profile.add')}: ${COURSE_FEATURES[feature.key][language]}`}
                  >
                    {adding.has(feature.key) && <Spinner />}
                    {adding.has(feature.key) ? t('profile.adding') : t('profile.add')}
                  </Button>
                )}
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
