import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import Lock from 'lucide-react/icons/lock';
import type { TProfileForm, TUpdateUserRequest } from '@shared/schemas/users.ts';
import { TextAreaField, TextField } from '@/components/ui/text-fields';
import { useErrorText } from '@/lib/form-errors';

type ProfileFormApi = UseFormReturn<TProfileForm, unknown, Required<Omit<TUpdateUserRequest, 'preferences' | 'currentPassword'>>>;
type FieldName = keyof TProfileForm;

/** While editing, the form's fields and their errors; otherwise the saved values, read-only. */
type ProfileFormFieldsProps = { isAdmin: boolean } & ({ form: ProfileFormApi; values?: never } | { form?: never; values: TProfileForm });

export function ProfileFormFields({ form, values, isAdmin }: ProfileFormFieldsProps) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const field = (name: FieldName, locked = false) => ({
    id: `profile-${name}`,
    label: t(`profile.form.fields.${name}`),
    ...(form ? { registration: form.register(name), error: errorText(form.formState.errors[name]) } : { value: values[name] }),
    // Read-only rather than disabled: the values stay readable, focusable and part of the form.
    readOnly: !form || locked,
  });
  const lockCompany = !isAdmin;

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('contactName')} autoComplete="name" required />
        <TextField {...field('email')} type="email" autoComplete="email" required />
        <TextField {...field('phone')} type="tel" autoComplete="tel" required />
        <TextField {...field('website')} type="url" autoComplete="url" hint={t('profile.form.websiteHint')} />
        <TextAreaField {...field('bio')} className="sm:col-span-2" hint={t('profile.form.bioHint')} />
        <TextField {...field('expertise')} className="sm:col-span-2" hint={t('profile.form.expertiseHint')} />
      </div>
      <fieldset className="flex flex-col gap-5 rounded-2xl border border-border p-5">
        <legend className="px-2 text-base font-semibold">{t('profile.form.company')}</legend>
        {lockCompany && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="size-4" />
            {t('profile.companyAdminOnly', { ns: 'messages' })}
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...field('companyName', lockCompany)} autoComplete="organization" className="sm:col-span-2" required />
          <TextField {...field('address', lockCompany)} autoComplete="street-address" className="sm:col-span-2" required />
          <TextField {...field('city', lockCompany)} autoComplete="address-level2" required />
          <TextField {...field('postalCode', lockCompany)} autoComplete="postal-code" required />
        </div>
      </fieldset>
    </>
  );
}
