import type { Ref } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Pencil from 'lucide-react/icons/pencil';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface ProfileFormActionsProps {
  editing: boolean;
  /** While editing: a save is on its way. */
  saving?: boolean;
  /** Not editing: the editor's code is on its way after a press on Edit. */
  opening?: boolean;
  /** Set for the demo account: editing is off, and the button points at the notice saying why. */
  lockedBy?: string | undefined;
  editRef?: Ref<HTMLButtonElement>;
  onEdit?: () => void;
  /** A hover or focus on Edit: the editor's code can start downloading before the press. */
  onPrepare?: () => void;
  onCancel?: () => void;
}

/** The form's title with the edit/save toggle and cancel. */
export function ProfileFormActions({
  editing,
  saving = false,
  opening = false,
  lockedBy,
  editRef,
  onEdit,
  onPrepare,
  onCancel,
}: ProfileFormActionsProps) {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h2 id="profile-form-title" className="text-xl font-semibold">
          {t('profile.form.title')}
        </h2>
        {!lockedBy && (
          <p className="mt-1 text-sm text-muted-foreground">{editing ? t('profile.form.editingLead') : t('profile.form.lead')}</p>
        )}
      </div>
      {editing ? (
        <div className="flex gap-3">
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('profile.form.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving && <Spinner />}
            {saving ? t('profile.form.saving') : t('profile.form.save')}
          </Button>
        </div>
      ) : (
        <Button
          ref={editRef}
          variant="secondary"
          onClick={onEdit}
          onPointerEnter={onPrepare}
          onFocus={onPrepare}
          disabled={Boolean(lockedBy)}
          aria-describedby={lockedBy}
          aria-busy={opening || undefined}
        >
          {opening ? <Spinner /> : <Pencil aria-hidden="true" className="size-4" />}
          {t('profile.form.edit')}
        </Button>
      )}
    </div>
  );
}
