import type { ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZRegisterRequest, type TRegisterForm, type TRegisterRequest } from '@shared/schemas/auth.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { useRegister } from '../api/register';
import { RegisterFields } from './register-fields';
import type { CvrFieldSlotProps } from './register-types';
import { TermsField } from './terms-field';

const EMPTY: TRegisterForm = {
  companyName: '',
  cvrNumber: '',
  contactName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

const FIELDS = Object.keys(EMPTY) as (keyof TRegisterForm)[];

export interface RegisterFormProps {
  CvrField: ComponentType<CvrFieldSlotProps>;
  onRegistered: () => void;
}

/** SPEC §2 Register: four sections, terms, and POST /api/register (which also logs the user in). */
export function RegisterForm({ CvrField, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm<TRegisterForm, unknown, TRegisterRequest>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: EMPTY,
  });
  const registration = useRegister();

  const submit = form.handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: () => {
        toast({ title: t('register.toast.success.title'), description: t('register.toast.success.description') });
        onRegistered();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        const fallback = isApiError(error)
          ? t('register.toast.failed.status', { status: error.status })
          : t('register.toast.failed.generic');
        toast({ variant: 'destructive', title: t('register.toast.failed.title'), description: serverMessage(error) ?? fallback });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-8">
      <p className="text-sm text-muted-foreground">{t('register.requiredNote')}</p>
      <RegisterFields form={form} CvrField={CvrField} />
      <TermsField form={form} />
      <Button type="submit" size="lg" disabled={registration.isPending} className="w-full">
        {registration.isPending && <Spinner />}
        {registration.isPending ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
