import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import type { TRegisterForm, TRegisterRequest } from '@shared/schemas/auth.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { markNewcomer } from '@/lib/newcomer';
import { useShell } from '@/lib/shell-context';
import type { TRegisterClaimPending } from '@shared/schemas/verification.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { isClaimPending, register } from '../api/register';
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

// Only a registration for a CVR someone else holds needs the claim step.
const RegisterClaimStep = lazy(() => import('./register-claim-step').then((module) => ({ default: module.RegisterClaimStep })));

const validation = lazyResolver(() => import('./auth-validation').then((module) => module.registerResolver));

export interface RegisterFormProps {
  CvrField: ComponentType<CvrFieldSlotProps>;
  onRegistered: () => void;
}

/**
 * The business registration form: four sections, terms, and POST /api/register (which also logs the user in).
 * Like the login form it runs on the light shell too: a plain call, then the shell's startSession.
 */
export function RegisterForm({ CvrField, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const { startSession } = useShell();
  const form = useForm<TRegisterForm, unknown, TRegisterRequest>({
    resolver: validation.resolver,
    defaultValues: EMPTY,
  });
  const [pending, setPending] = useState(false);
  const [claim, setClaim] = useState<TRegisterClaimPending | null>(null);
  // The account says at once whether the company is confirmed; the dashboard says how.
  const registered = (user: TUser) => {
    toast({
      title: t('register.toast.success.title'),
      description: user.companyVerified ? t('register.toast.success.description') : t('register.toast.success.unconfirmed'),
    });
    markNewcomer(user.id);
    startSession(user);
    onRegistered();
  };

  const submit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      const result = await register(values);
      if (isClaimPending(result)) setClaim(result);
      else registered(result);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      const fallback = isApiError(error) ? t('register.toast.failed.status', { status: error.status }) : t('register.toast.failed.generic');
      toast({ variant: 'destructive', title: t('register.toast.failed.title'), description: serverMessage(error) ?? fallback });
    } finally {
      setPending(false);
    }
  });

  if (claim) {
    return (
      <Suspense fallback={<Spinner />}>
        <RegisterClaimStep claim={claim} onConfirmed={registered} onBack={() => setClaim(null)} />
      </Suspense>
    );
  }

  return (
    // Intent to use the form starts the download of its validation code.
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={validation.preload}
      onPointerEnter={validation.preload}
      onTouchStart={validation.preload}
      className="flex flex-col gap-8"
    >
      <p className="text-sm text-muted-foreground">{t('register.requiredNote')}</p>
      <RegisterFields form={form} CvrField={CvrField} />
      <TermsField form={form} />
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner />}
        {pending ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
