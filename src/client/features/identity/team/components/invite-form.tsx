import { useState, type FormEvent } from 'react';
import { type Role } from '@shared/constants.ts';
import type { TInvitationSent } from '@shared/schemas/team.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useInvite } from '../api/team';
import { RoleSelect } from './role-select';
import { SentLink } from './sent-link';

export function InviteForm({ onNotice }: { onNotice: (text: string) => void }) {
  const { t } = useTranslation('team');
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('learner');
  const [sent, setSent] = useState<TInvitationSent | null>(null);
  const errors = isApiError(invite.error) ? (invite.error.body?.errors ?? {}) : {};
  const formError =
    invite.error && !errors.email && !errors.role && !errors.contactName ? (serverMessage(invite.error) ?? t('failed')) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    invite.mutate(
      { email, role, ...(name.trim() && { contactName: name.trim() }), language: currentLanguage() },
      {
        onSuccess: (result) => {
          setSent(result);
          onNotice(
            result.mailed
              ? t('invite.mailed', { email: result.invitation.email })
              : t('invite.notMailed', { email: result.invitation.email }),
          );
          setEmail('');
          setName('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="font-semibold">
        {t('invite.heading')}
      </h3>
      <div className="grid gap-4 md:grid-cols-[2fr_2fr_1fr]">
        <Field id="invite-email" label={t('invite.email')} error={errors.email} required>
          {(control) => <Input {...control} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Field id="invite-name" label={t('invite.name')} error={errors.contactName}>
          {(control) => <Input {...control} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field id="invite-role" label={t('invite.role')} error={errors.role}>
          {(control) => <RoleSelect id={control.id} value={role} onChange={setRole} />}
        </Field>
      </div>
      {formError && (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={invite.isPending}>
        {invite.isPending ? t('invite.pending') : t('invite.submit')}
      </Button>
      {sent && <SentLink sent={sent} />}
    </form>
  );
}
