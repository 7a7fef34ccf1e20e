import { useTranslation } from '@/lib/use-translation';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';

interface ProfileEmailPasswordProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * Shown while the e-mail field differs from the saved address: the login e-mail is a credential,
 * so changing it needs the current password.
 */
export function ProfileEmailPassword({ value, onChange, error }: ProfileEmailPasswordProps) {
  const { t } = useTranslation('account');
  const label = t('profile.form.emailPassword.label');
  return (
    <Field
      id="profile-currentPassword"
      label={label}
      required
      error={error}
      hint={t('profile.form.emailPassword.hint')}
      className="max-w-md"
    >
      {(control) => (
        <PasswordInput
          {...control}
          name="currentPassword"
          autoComplete="current-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          showLabel={t('password.show', { field: label, ns: 'common' })}
          hideLabel={t('password.hide', { field: label, ns: 'common' })}
        />
      )}
    </Field>
  );
}
