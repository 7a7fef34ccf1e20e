import type { ComponentType } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import type { TRegisterForm, TRegisterRequest } from '@shared/schemas/auth.ts';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-fields';
import { useErrorText } from '@/lib/form-errors';
import { FormSection } from './form-section';
import { usePublicConfigValue } from '@/lib/public-config';
import type { CompanyDetails, CvrFieldSlotProps } from './register-types';

type RegisterFormApi = UseFormReturn<TRegisterForm, unknown, TRegisterRequest>;

/**
 * A look-up fills the company's fields, and the contact (its first owner) and phone when the
 * registry has them. The registry's e-mail is the company's (info@…), never the registrant's own
 * login: the e-mail field stays as the person left it.
 */
function fillFromCompany(form: RegisterFormApi, company: CompanyDetails): void {
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  form.setValue('companyName', company.companyName, options);
  form.setValue('address', company.address, options);
  form.setValue('city', company.city, options);
  form.setValue('postalCode', company.postalCode, options);
  if (company.contactName) form.setValue('contactName', company.contactName, options);
  if (company.phone) form.setValue('phone', company.phone, options);
}

export function RegisterFields({ form, CvrField }: { form: RegisterFormApi; CvrField: ComponentType<CvrFieldSlotProps> }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { errors } = form.formState;
  const notFoundMeans = usePublicConfigValue()?.cvrProvider === 'cvrapi' ? 'refused' : 'unconfirmed';
  const text = (name: Exclude<keyof TRegisterForm, 'acceptTerms' | 'cvrNumber'>) => ({
    id: `register-${name}`,
    label: t(`register.fields.${name}`),
    registration: form.register(name),
    error: errorText(errors[name]),
    required: true,
  });

  return (
    <>
      <FormSection title={t('register.sections.company')}>
        <TextField {...text('companyName')} autoComplete="organization" />
        <Controller
          name="cvrNumber"
          control={form.control}
          render={({ field }) => (
            <CvrField
              id="register-cvrNumber"
              label={t('register.fields.cvrNumber')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errorText(errors.cvrNumber)}
              required
              onCompanyFound={(company) => fillFromCompany(form, company)}
              notFoundMeans={notFoundMeans}
            />
          )}
        />
      </FormSection>
      <FormSection title={t('register.sections.contact')}>
        <TextField {...text('contactName')} autoComplete="name" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...text('email')} type="email" autoComplete="email" />
          <TextField {...text('phone')} type="tel" autoComplete="tel" />
        </div>
      </FormSection>
      <FormSection title={t('register.sections.address')}>
        <TextField {...text('address')} autoComplete="street-address" />
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
          <TextField {...text('city')} autoComplete="address-level2" />
          <TextField {...text('postalCode')} autoComplete="postal-code" />
        </div>
      </FormSection>
      <FormSection title={t('register.sections.security')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField {...text('password')} autoComplete="new-password" hint={t('register.passwordHint')} />
          <PasswordField {...text('confirmPassword')} autoComplete="new-password" />
        </div>
      </FormSection>
    </>
  );
}
