import type { Ref } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { TCvrCompany } from '@shared/schemas/cvr.ts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCvrLookup, type CvrLookupState } from '../hooks/use-cvr-lookup';
import { CvrStatusIcon } from './cvr-status-icon';

export interface CvrLookupFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A validation message from the surrounding form, shown above the look-up hint. */
  error?: string | undefined;
  required?: boolean;
}

export interface CvrNumberInputProps extends CvrLookupFieldProps {
  lookup: CvrLookupState;
  /** 'unconfirmed': an unknown number is a neutral note (registration goes on, unconfirmed), not an error. */
  notFoundMeans?: 'error' | 'unconfirmed' | 'refused';
}

const tones = { muted: undefined, success: 'text-success', danger: 'text-danger' } as const;

function useHint(
  state: CvrLookupState,
  hasFormError: boolean,
  notFoundMeans: CvrNumberInputProps['notFoundMeans'],
): { text: string | null; tone: 'muted' | 'success' | 'danger' } {
  const { t } = useTranslation('cvr');
  if (state.loading) return { text: t('hint.loading'), tone: 'muted' };
  if (state.problem === 'notFound' && notFoundMeans === 'unconfirmed') return { text: t('hint.notFoundUnconfirmed'), tone: 'muted' };
  if (state.problem === 'notFound' && notFoundMeans === 'refused')
    return { text: t('register.cvrUnknown', { ns: 'messages' }), tone: 'danger' };
  if (state.status === 'valid') return { text: t('hint.valid'), tone: 'success' };
  if (state.status === 'idle') return { text: t('hint.idle'), tone: 'muted' };
  if (state.problem === 'checksum') return { text: hasFormError ? null : t('cvr.invalid', { ns: 'messages' }), tone: 'danger' };
  if (state.problem === 'notFound') return { text: t('cvr.notFound', { ns: 'messages' }), tone: 'danger' };
  return { text: state.serverMessage ?? t('hint.failed'), tone: 'danger' };
}

/** The CVR number input showing a look-up's state: spinner, valid/invalid mark and a spoken hint. */
export function CvrNumberInput(props: CvrNumberInputProps) {
  const state = props.lookup;
  const hint = useHint(state, Boolean(props.error), props.notFoundMeans);
  const neutralNotFound = props.notFoundMeans === 'unconfirmed' && state.problem === 'notFound';
  const invalid = Boolean(props.error) || (state.status === 'invalid' && !neutralNotFound);
  return (
    <Field
      id={props.id}
      label={props.label}
      required={props.required ?? false}
      error={props.error}
      hint={
        <span aria-live="polite" className={tones[hint.tone]}>
          {hint.text}
        </span>
      }
    >
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            aria-invalid={invalid || undefined}
            ref={props.inputRef}
            name={props.name}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
            onBlur={props.onBlur}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            className="pr-11 font-mono tracking-wider"
          />
          <span className="absolute inset-y-0 right-3 flex items-center">
            <CvrStatusIcon status={neutralNotFound ? 'unknown' : state.status} loading={state.loading} />
          </span>
        </div>
      )}
    </Field>
  );
}

/** A CVR input that runs its own look-up and reports the company found (for forms in other features). */
export function CvrLookupField({
  onCompanyFound,
  notFoundMeans = 'error',
  ...props
}: CvrLookupFieldProps & { onCompanyFound?: (company: TCvrCompany) => void; notFoundMeans?: CvrNumberInputProps['notFoundMeans'] }) {
  const lookup = useCvrLookup(props.value, onCompanyFound, notFoundMeans === 'unconfirmed' ? 'unconfirmed' : 'error');
  return <CvrNumberInput {...props} lookup={lookup} notFoundMeans={notFoundMeans} />;
}
