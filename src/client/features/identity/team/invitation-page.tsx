import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import MailX from 'lucide-react/icons/mail-x';
import type { z } from 'zod';
import { ZAcceptInvitationRequest, type TAcceptInvitationRequest } from '@shared/schemas/team.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-fields';
import { Input } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { acceptInvitation, useInvitationPreview } from '@/features/identity/team/api/team';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { markNewcomer } from '@/lib/newcomer';
import { homePath } from '@/lib/safe-redirect';
import { useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

type AcceptForm = z.input<typeof ZAcceptInvitationRequest>;
const resolver = zodResolver(ZAcceptInvitationRequest);
type ClosedState = 'expired' | 'accepted' | 'revoked' | 'notFound';

/** /invite/:token: the invitee sets their name and password; the account is made and logged in. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('team');
  usePageMeta(t('accept.metaTitle'));
  const preview = useInvitationPreview(token);
  const [closed, setClosed] = useState<ClosedState | null>(null);

  if (preview.isPending) {
    return (
      <Container className="max-w-md py-20">
        <p role="status" className="text-center text-muted-foreground">
          {t('accept.loading')}
        </p>
      </Container>
    );
  }
  const state: ClosedState | null =
    closed ??
    (preview.isError ? 'notFound' : preview.data.status === 'open' ? null : (preview.data.status as Exclude<ClosedState, 'notFound'>));
  if (state || !preview.data) {
    const shown = state ?? 'notFound';
    return (
      <Container className="flex max-w-xl flex-col items-center gap-4 py-20 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <MailX aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{t(`accept.states.${shown}.title`)}</h1>
        <p className="text-muted-foreground">{t(`accept.states.${shown}.text`)}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <LinkButton to="/login">{t('accept.logIn')}</LinkButton>
          <LinkButton to="/" variant="secondary">
            {t('accept.home')}
          </LinkButton>
        </div>
      </Container>
    );
  }
  return <AcceptInvitation token={token} invitation={preview.data} onClosed={setClosed} />;
}

function AcceptInvitation({
  token,
  invitation,
  onClosed,
}: {
  token: string;
  invitation: NonNullable<ReturnType<typeof useInvitationPreview>['data']>;
  onClosed: (state: ClosedState) => void;
}) {
  const { t } = useTranslation('team');
  const { startSession, navigate } = useShell();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AcceptForm, unknown, TAcceptInvitationRequest>({
    resolver,
    defaultValues: { contactName: invitation.contactName ?? '', phone: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const role = t(`rolesLower.${invitation.role}`);

  const accept = useMutation({
    mutationFn: (values: TAcceptInvitationRequest) => acceptInvitation(token, values),
    onSuccess: (user) => {
      toast({ title: t('accept.welcome', { company: invitation.companyName }) });
      markNewcomer(user.id);
      startSession(user);
      navigate(homePath(user.role), { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 410) {
        const code = error.body?.code;
        onClosed(code === 'INVITATION_EXPIRED' ? 'expired' : code === 'INVITATION_REVOKED' ? 'revoked' : 'accepted');
        return;
      }
      if (!applyServerErrors(error, form.setError, ['contactName', 'phone', 'password', 'confirmPassword']))
        setFailure(serverMessage(error) ?? t('failed'));
    },
  });
  const pending = accept.isPending;

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    accept.mutate(values);
  });

  return (
    <Container className="flex max-w-md flex-col py-14 sm:py-20">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t('accept.title', { company: invitation.companyName })}</h1>
        <p className="mt-3 text-muted-foreground">
          {invitation.invitedBy ? t('accept.lead', { inviter: invitation.invitedBy, role }) : t('accept.leadNoInviter', { role })}
        </p>
      </div>
      <Card className="mt-8 p-6 sm:p-8">
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="accept-email" className="text-sm font-medium">
              {t('accept.email')}
            </label>
            <Input id="accept-email" readOnly value={invitation.email} autoComplete="username" />
          </div>
          <TextField
            id="accept-name"
            label={t('accept.name')}
            required
            autoComplete="name"
            registration={form.register('contactName')}
            error={errorText(errors.contactName)}
          />
          <TextField
            id="accept-phone"
            type="tel"
            label={t('accept.phone')}
            autoComplete="tel"
            registration={form.register('phone')}
            error={errorText(errors.phone)}
          />
          <PasswordField
            id="accept-password"
            label={t('accept.password')}
            required
            autoComplete="new-password"
            registration={form.register('password')}
            error={errorText(errors.password)}
          />
          <PasswordField
            id="accept-confirm"
            label={t('accept.confirmPassword')}
            required
            autoComplete="new-password"
            registration={form.register('confirmPassword')}
            error={errorText(errors.confirmPassword)}
          />
          {failure && (
            <p role="alert" className="text-sm text-danger">
              {failure}
            </p>
          )}
          <Button type="submit" size="lg" disabled={pending} className="w-full">
            {pending && <Spinner />}
            {pending ? t('accept.pending') : t('accept.submit')}
          </Button>
        </form>
      </Card>
    </Container>
  );
}
