import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';
import { Input, Textarea } from './input';
import { PasswordInput } from './password-input';

interface BaseProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  className?: string;
}

/** Label, hint and error wiring shared by the react-hook-form fields below. */
function FieldFrame({ props, children }: { props: BaseProps; children: Parameters<typeof Field>[0]['children'] }) {
  return (
    <Field
      id={props.id}
      label={props.label}
      error={props.error}
      hint={props.hint}
      required={props.required ?? false}
      className={props.className}
    >
      {children}
    </Field>
  );
}

export function TextField({ type = 'text', ...props }: BaseProps & { type?: 'text' | 'email' | 'tel' | 'url' }) {
  return (
    <FieldFrame props={props}>
      {(control) => (
        <Input
          {...control}
          {...props.registration}
          type={type}
          autoComplete={props.autoComplete}
          disabled={props.disabled}
          readOnly={props.readOnly}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField(props: BaseProps & { rows?: number }) {
  return (
    <FieldFrame props={props}>
      {(control) => (
        <Textarea {...control} {...props.registration} rows={props.rows ?? 4} disabled={props.disabled} readOnly={props.readOnly} />
      )}
    </FieldFrame>
  );
}

export function PasswordField(props: BaseProps) {
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
