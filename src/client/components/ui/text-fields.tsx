import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';
import { Input, Textarea } from './input';

// Apart from the password field: these need nothing of react-hook-form at run time, so a page
// that only shows values (a profile before Edit) does not download the form library with them.
export interface FieldProps {
  id: string;
  label: string;
  /** The react-hook-form field; without it the input shows `value` (a read-only view needs no form). */
  registration?: UseFormRegisterReturn | undefined;
  value?: string | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  className?: string;
}

/** Label, hint and error wiring shared by the fields below and the password field. */
export function FieldFrame({ props, children }: { props: FieldProps; children: Parameters<typeof Field>[0]['children'] }) {
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

export function TextField({ type = 'text', ...props }: FieldProps & { type?: 'text' | 'email' | 'tel' | 'url' }) {
  return (
    <FieldFrame props={props}>
      {(control) => (
        <Input
          {...control}
          {...props.registration}
          value={props.value}
          type={type}
          autoComplete={props.autoComplete}
          disabled={props.disabled}
          readOnly={props.readOnly}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField(props: FieldProps & { rows?: number }) {
  return (
    <FieldFrame props={props}>
      {(control) => (
        <Textarea
          {...control}
          {...props.registration}
          value={props.value}
          rows={props.rows ?? 4}
          disabled={props.disabled}
          readOnly={props.readOnly}
        />
      )}
    </FieldFrame>
  );
}
