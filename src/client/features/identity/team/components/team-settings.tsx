import { useId, useState, type FormEvent } from 'react';
import Users from 'lucide-react/icons/users';
import { ROLES, type Role } from '@shared/constants.ts';
import type { TImportResult, TInvitation, TInvitationSent, TMember, TSeats } from '@shared/schemas/team.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, inputClasses, Textarea } from '@/components/ui/input';
import { useMe } from '@/lib/me';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { currentLanguage } from '@/lib/i18n';
import { ShellLink } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import {
  useImportInvitations,
  useInvitations,
  useInvite,
  useMembers,
  useResendInvitation,
  useRevokeInvitation,
  useUpdateMember,
} from '../api/team';

/**
 * The company's people, for admins: invite with a role (the link is mailed, or shown
 * to copy when mail is off), follow and resend or withdraw invitations, import a CSV, and change a
 * member's role or deactivate them. Everyone else sees who may do this.
 */
export function TeamSettings() {
  const { t } = useTranslation('team');
  const { data: user } = useMe();
  const isAdmin = user?.role === 'admin';
  const invitations = useInvitations(isAdmin);
  const members = useMembers(isAdmin);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Card role="region" aria-labelledby="team-title" className="flex flex-col gap-6">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Users aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h3 id="team-title" className="text-base font-semibold">
            {t('title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('description')}</p>
        </div>
      </div>
      {!isAdmin ? (
        <p className="text-sm text-muted-foreground">{t('adminOnly')}</p>
      ) : invitations.isPending || members.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : invitations.isError || members.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void Promise.all([invitations.refetch(), members.refetch()])}>
            {t('retry')}
          </Button>
        </p>
      ) : (
        <>
          <Seats seats={members.data.seats} />
          <p role="status" aria-live="polite" className="text-sm empty:hidden" data-testid="team-notice">
            {notice}
          </p>
          <InviteForm onNotice={setNotice} />
          <InvitationList invitations={invitations.data.invitations} onNotice={setNotice} />
          <MemberList members={members.data.members} selfId={user.id} onNotice={setNotice} />
          <ImportForm />
        </>
      )}
    </Card>
  );
}

function Seats({ seats }: { seats: TSeats }) {
  const { t } = useTranslation('team');
  const plan = t(`plans.${seats.plan}`);
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      <p data-testid="team-seats">
        {seats.limit === null
          ? t('seats.unlimited', { used: seats.used, plan })
          : t('seats.limited', { used: seats.used, limit: seats.limit, plan })}
      </p>
      <ShellLink to="/billing" className="font-medium text-accent underline-offset-4 hover:underline">
        {t('seats.billing')}
      </ShellLink>
    </div>
  );
}

function RoleSelect({
  id,
  value,
  onChange,
  label,
  disabled,
}: {
  id: string;
  value: Role;
  onChange: (role: Role) => void;
  label?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('team');
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
      className={inputClasses}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

function SentLink({ sent }: { sent: TInvitationSent }) {
  const { t } = useTranslation('team');
  const [copied, setCopied] = useState(false);
  const id = useId();
  if (!sent.link) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {t('invite.link', { email: sent.invitation.email })}
      </label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={sent.link} onFocus={(e) => e.target.select()} data-testid="invitation-link" />
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(sent.link!).then(() => setCopied(true));
          }}
        >
          {t('invite.copy')}
        </Button>
      </div>
      {copied && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('invite.copied')}
        </p>
      )}
    </div>
  );
}

function InviteForm({ onNotice }: { onNotice: (text: string) => void }) {
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
      <h4 id="invite-heading" className="font-semibold">
        {t('invite.heading')}
      </h4>
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

function InvitationList({ invitations, onNotice }: { invitations: TInvitation[]; onNotice: (text: string) => void }) {
  const { t } = useTranslation('team');
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [resent, setResent] = useState<TInvitationSent | null>(null);
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(currentLanguage() === 'da' ? 'da-DK' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  const failed = resend.error ?? revoke.error;
  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <h4 id="invitations-heading" className="font-semibold">
        {t('invitations.heading')}
      </h4>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(failed) ?? t('failed')}
        </p>
      )}
      {invitations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('invitations.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="invitation-list">
          {invitations.map((invitation) => {
            const closed = invitation.status === 'accepted' || invitation.status === 'revoked';
            return (
              <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm" data-testid="invitation">
                <span className="min-w-0 flex-1 break-all">
                  <span className="font-medium">{invitation.email}</span>
                  {invitation.contactName && <span className="text-muted-foreground"> · {invitation.contactName}</span>}
                  <span className="text-muted-foreground"> · {t(`roles.${invitation.role}`)}</span>
                </span>
                <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
                  {t(`invitations.status.${invitation.status}`)}
                </span>
                {invitation.status === 'open' && (
                  <span className="text-muted-foreground">{t('invitations.expires', { date: date(invitation.expiresAt) })}</span>
                )}
                {!closed && (
                  <span className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('invitations.resendNamed', { email: invitation.email })}
                      disabled={resend.isPending}
                      onClick={() =>
                        resend.mutate(invitation.id, {
                          onSuccess: (result) => {
                            setResent(result);
                            onNotice(
                              result.mailed
                                ? t('invite.mailed', { email: invitation.email })
                                : t('invite.notMailed', { email: invitation.email }),
                            );
                          },
                        })
                      }
                    >
                      {t('invitations.resend')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('invitations.revokeNamed', { email: invitation.email })}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(invitation.id, { onSuccess: () => onNotice(t('invitations.revoked', { email: invitation.email })) })
                      }
                    >
                      {t('invitations.revoke')}
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {resent && <SentLink sent={resent} />}
    </section>
  );
}

function MemberList({ members, selfId, onNotice }: { members: TMember[]; selfId: string; onNotice: (text: string) => void }) {
  const { t } = useTranslation('team');
  const update = useUpdateMember();
  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <h4 id="members-heading" className="font-semibold">
        {t('members.heading')}
      </h4>
      {update.error && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(update.error) ?? t('failed')}
        </p>
      )}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="member-list">
        {members.map((member) => {
          const self = member.id === selfId;
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm" data-testid="member">
              <span className="min-w-0 flex-1 break-all">
                <span className="font-medium">{member.contactName}</span>
                {self && <span className="text-muted-foreground"> ({t('members.you')})</span>}
                <span className="block text-muted-foreground">{member.email}</span>
              </span>
              {!member.active && <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">{t('members.inactive')}</span>}
              <span className="w-40">
                <RoleSelect
                  id={`member-role-${member.id}`}
                  label={t('members.roleFor', { name: member.contactName })}
                  value={member.role}
                  disabled={self || update.isPending}
                  onChange={(role) =>
                    update.mutate(
                      { id: member.id, role },
                      { onSuccess: () => onNotice(t('members.roleChanged', { name: member.contactName, role: t(`rolesLower.${role}`) })) },
                    )
                  }
                />
              </span>
              {!self && (
                <Button
                  variant={member.active ? 'ghost' : 'secondary'}
                  size="sm"
                  aria-label={
                    member.active
                      ? t('members.deactivateNamed', { name: member.contactName })
                      : t('members.activateNamed', { name: member.contactName })
                  }
                  disabled={update.isPending}
                  onClick={() =>
                    update.mutate(
                      { id: member.id, active: !member.active },
                      {
                        onSuccess: () =>
                          onNotice(t(member.active ? 'members.deactivated' : 'members.activated', { name: member.contactName })),
                      },
                    )
                  }
                >
                  {member.active ? t('members.deactivate') : t('members.activate')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ImportForm() {
  const { t } = useTranslation('team');
  const importCsv = useImportInvitations();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<TImportResult | null>(null);
  const errors = isApiError(importCsv.error) ? (importCsv.error.body?.errors ?? {}) : {};
  return (
    <form
      noValidate
      aria-labelledby="import-heading"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setReport(null);
        importCsv.mutate(csv, { onSuccess: setReport });
      }}
    >
      <h4 id="import-heading" className="font-semibold">
        {t('import.heading')}
      </h4>
      <p className="text-sm text-muted-foreground">{t('import.hint')}</p>
      <Field id="import-file" label={t('import.file')}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-foreground"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        )}
      </Field>
      <Field id="import-text" label={t('import.text')} error={errors.csv}>
        {(control) => <Textarea {...control} rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} className="font-mono text-sm" />}
      </Field>
      {importCsv.error && !errors.csv && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(importCsv.error) ?? t('failed')}
        </p>
      )}
      <Button type="submit" variant="secondary" className="self-start" disabled={importCsv.isPending}>
        {importCsv.isPending ? t('import.pending') : t('import.submit')}
      </Button>
      {report && (
        <div className="flex flex-col gap-2" data-testid="import-report">
          <p role="status">{t('import.summary', { invited: report.invited, skipped: report.skipped, failed: report.failed })}</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pe-3 font-medium">
                    {t('import.line')}
                  </th>
                  <th scope="col" className="py-2 pe-3 font-medium">
                    {t('import.email')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('import.result')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.line} className="border-b border-border/60 align-top">
                    <td className="py-2 pe-3">{row.line}</td>
                    <td className="py-2 pe-3 break-all">{row.email}</td>
                    <td className="py-2">
                      {t(`import.status.${row.status}`)}
                      {row.message && <span className="text-muted-foreground"> – {row.message}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </form>
  );
}
