import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { TRegisterForm, TRegisterRequest } from '@shared/schemas/auth.ts';
import { Checkbox } from '@/components/ui/checkbox';
import { useErrorText } from '@/lib/form-errors';
import { ShellLink } from '@/lib/shell-context';

const linkClass = 'rounded font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The sentence with its two links, from a translation like "I accept the <terms>terms</terms> and
 * the <privacy>privacy policy</privacy>". Done here rather than with react-i18next's <Trans>, whose
 * HTML parser would add 4.6 KB of gzipped JavaScript to the /register page (ADR 008).
 */
function withLinks(text: string, links: Record<string, (label: string) => ReactNode>): ReactNode[] {
  return text.split(/<(\w+)>(.*?)<\/\1>/).map((part, i, parts) => {
    // split() with two groups yields: text, tag, label, text, tag, label, …
    if (i % 3 === 1) return null;
    if (i % 3 === 2) return <span key={i}>{links[parts[i - 1]!]?.(part) ?? part}</span>;
    return part;
  });
}

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
          {withLinks(t('register.terms'), {
            terms: (label) => (
              <ShellLink to="/terms" className={linkClass}>
                {label}
              </ShellLink>
            ),
            privacy: (label) => (
              <ShellLink to="/privacy" className={linkClass}>
                {label}
              </ShellLink>
            ),
          })}
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
