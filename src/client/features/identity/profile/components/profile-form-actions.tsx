import { useTranslation } from '@/lib/use-translation';
import Pencil from 'lucide-react/icons/pencil';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface ProfileFormActionsProps {
  editing: boolean;
  saving: boolean;
  /** Set for the demo account: editing is off, and the button points at the notice saying why. */
  lockedBy?: string | undefined;
  onEdit: () => void;
  onCancel: () => void;
}

/** The form's title with the edit/save toggle and cancel. */
export function ProfileFormActions({ editing, saving, lockedBy, onEdit, onCancel }: ProfileFormActionsProps) {
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
        <Button variant="secondary" onClick={onEdit} disabled={Boolean(lockedBy)} aria-describedby={lockedBy}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('profile.form.edit')}
        </Button>
      )}
    </div>
  );
}
