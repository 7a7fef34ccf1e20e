import type { TRequirement, TRequirementPatch } from '@shared/schemas/compliance.ts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/use-translation';

/** A requirement's deadline and recurrence as a form holds them. */
export interface Terms {
  deadline: 'days' | 'date';
  days: string;
  day: string;
  recurs: boolean;
  months: string;
  renew: string;
}

/** The form's terms: a new requirement's defaults, or those of the requirement being changed. */
export function termsOf(requirement?: TRequirement): Terms {
  if (!requirement) return { deadline: 'days', days: '30', day: '', recurs: false, months: '12', renew: '30' };
  return {
    deadline: requirement.dueOn ? 'date' : 'days',
    days: String(requirement.dueDays ?? 30),
    day: requirement.dueOn ?? '',
    recurs: requirement.recurMonths !== null,
    months: String(requirement.recurMonths ?? 12),
    renew: String(requirement.renewDays),
  };
}

/** What the API is sent: one deadline, and a recurrence with its renewal window, or none (null). */
export function termsBody(terms: Terms): TRequirementPatch {
  return {
    dueDays: terms.deadline === 'days' ? Number(terms.days) : null,
    dueOn: terms.deadline === 'date' ? terms.day : null,
    recurMonths: terms.recurs ? Number(terms.months) : null,
    ...(terms.recurs && { renewDays: Number(terms.renew) }),
  };
}

/**
 * The deadline (some days after joining, or a fixed date) and the recurrence (every so many months,
 * assigned again some days before the certificate expires). `idPrefix` keeps two forms on one page
 * (the new requirement and a requirement being changed) from sharing ids and radio groups.
 */
export function TermsFields({
  idPrefix,
  terms,
  onChange,
  errors,
}: {
  idPrefix: string;
  terms: Terms;
  onChange: (change: Partial<Terms>) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('compliance');
  return (
    <>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{t('requirements.deadline')}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${idPrefix}-deadline`}
            checked={terms.deadline === 'days'}
            onChange={() => onChange({ deadline: 'days' })}
          />
          {t('requirements.afterJoining')}
        </label>
        {terms.deadline === 'days' && (
          <Field id={`${idPrefix}-days`} label={t('requirements.days')} error={errors.dueDays} className="ml-6 max-w-48">
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                max={3650}
                value={terms.days}
                onChange={(e) => onChange({ days: e.target.value })}
              />
            )}
          </Field>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${idPrefix}-deadline`}
            checked={terms.deadline === 'date'}
            onChange={() => onChange({ deadline: 'date' })}
          />
          {t('requirements.byDate')}
        </label>
        {terms.deadline === 'date' && (
          <Field id={`${idPrefix}-date`} label={t('requirements.date')} error={errors.dueOn} className="ml-6 max-w-56">
            {(control) => <Input {...control} type="date" value={terms.day} onChange={(e) => onChange({ day: e.target.value })} />}
          </Field>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{t('requirements.recurrence')}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={terms.recurs} onChange={(e) => onChange({ recurs: e.target.checked })} />
          {t('requirements.recurs')}
        </label>
        {terms.recurs && (
          <div className="ml-6 grid gap-4 sm:grid-cols-2">
            <Field
              id={`${idPrefix}-months`}
              label={t('requirements.months')}
              hint={t('requirements.monthsHint')}
              error={errors.recurMonths}
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  min={1}
                  max={120}
                  value={terms.months}
                  onChange={(e) => onChange({ months: e.target.value })}
                />
              )}
            </Field>
            <Field id={`${idPrefix}-renew`} label={t('requirements.renew')} hint={t('requirements.renewHint')} error={errors.renewDays}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  min={1}
                  max={365}
                  value={terms.renew}
                  onChange={(e) => onChange({ renew: e.target.value })}
                />
              )}
            </Field>
          </div>
        )}
      </fieldset>
    </>
  );
}
