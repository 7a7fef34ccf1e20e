import { Controller, type UseFormReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TRegisterForm, TRegisterRequest } from '@shared/schemas/auth.ts';
import { Checkbox } from '@/components/ui/checkbox';
import { useErrorText } from '@/lib/form-errors';

const linkClass = 'rounded font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

export function TermsField({ form }: { form: UseFormReturn<TRegisterForm, unknown, TRegisterRequest> }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const error = errorText(form.formState.errors.acceptTerms);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <Controller
          name="acceptTerms"
          control={form.control}
          render={({ field }) => (
            <Checkbox
              id="register-acceptTerms"
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'register-acceptTerms-error' : undefined}
              className="mt-0.5"
            />
          )}
        />
        <label htmlFor="register-acceptTerms" className="text-sm leading-relaxed">
          <Trans
            t={t}
            i18nKey="register.terms"
            components={{ terms: <Link to="/terms" className={linkClass} />, privacy: <Link to="/privacy" className={linkClass} /> }}
          />
        </label>
      </div>
      {error && (
        <p id="register-acceptTerms-error" className="pl-8 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
