import { useTranslation } from '@/lib/use-translation';
import { PasswordInput } from './password-input';
import { FieldFrame, type FieldProps } from './text-fields';

export function PasswordField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <FieldFrame props={props}>
      {(control) => (
        <PasswordInput
          {...control}
          {...props.registration}
          autoComplete={props.autoComplete}
          disabled={props.disabled}
          showLabel={t('password.show', { field: props.label })}
          hideLabel={t('password.hide', { field: props.label })}
        />
      )}
    </FieldFrame>
  );
}
