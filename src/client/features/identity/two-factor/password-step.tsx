import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';

/** The password, asked again before a second factor is turned off or removed, or the recovery codes replaced. */
export function PasswordStep(props: {
  id: string;
  label: string;
  /** The form's name, where the page has several. */
  name?: string;
  submit: string;
  pending: boolean;
  error?: string | undefined;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-label={props.name}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit(password);
      }}
    >
      <Field id={props.id} label={props.label} required error={props.error}>
        {(control) => (
          <Input
            {...control}
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="destructive" disabled={props.pending}>
          {props.pending && <Spinner />}
          {props.submit}
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}
