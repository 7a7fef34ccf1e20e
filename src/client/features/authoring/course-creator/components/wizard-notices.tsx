import { useTranslation } from '@/lib/use-translation';
import { errorText } from '../lib/ai-errors';

export interface WizardNoticesProps {
  /** How the draft's saving stands, for a user who may save drafts; null says nothing. */
  saveStatus: 'saving' | 'saved' | { error: unknown } | null;
  /** The draft the address named is gone, or not this user's: the wizard started afresh. */
  draftMissing: boolean;
  /** A course is being made to open in the builder. */
  opening: boolean;
  /** Why making that course failed, or null. */
  openError: unknown;
}

/** What the wizard says under its heading: the draft's saving, a draft that could not be resumed, the builder opening. */
export function WizardNotices({ saveStatus, draftMissing, opening, openError }: WizardNoticesProps) {
  const { t } = useTranslation('creator-wizard');
  const failed = typeof saveStatus === 'object' && saveStatus !== null;
  return (
    <>
      {saveStatus !== null && (
        <p
          role={failed ? 'alert' : 'status'}
          className={failed ? 'mt-2 text-sm text-danger' : 'mt-2 text-sm text-muted-foreground'}
          data-testid="draft-save-status"
        >
          {failed
            ? t('wizard.saveFailed', { message: errorText(saveStatus.error) })
            : saveStatus === 'saving'
              ? t('wizard.saving')
              : t('wizard.saved')}
        </p>
      )}
      {draftMissing && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {t('wizard.draftMissing')}
        </p>
      )}
      {opening && (
        <p role="status" className="mt-2 text-sm text-muted-foreground">
          {t('wizard.creatingCourse')}
        </p>
      )}
      {openError !== null && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {t('wizard.createFailed', { message: errorText(openError) })}
        </p>
      )}
    </>
  );
}
