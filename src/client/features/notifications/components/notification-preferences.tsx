import { useId } from 'react';
import { DUE_SOON_DAYS, MAIL_MODES, OVERDUE_REMINDERS } from '@shared/notification-kinds.ts';
import type { TKindPreference, TNotificationPreferencesUpdate } from '@shared/schemas/notifications.ts';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { serverMessage } from '@/lib/form-errors';
import { toast } from '@/lib/use-toast';
import { useTranslation } from '@/lib/use-translation';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api';

const rowClasses = 'flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between';
const DAYS = Array.from({ length: DUE_SOON_DAYS.max - DUE_SOON_DAYS.min + 1 }, (_, i) => DUE_SOON_DAYS.min + i);

/** Saves a change of the notification preferences as it is made; a refusal is undone and told in a toast. */
export function useSavePreferenceChange(failedTitle: string, fallback: string) {
  const save = useSaveNotificationPreferences();
  return (change: TNotificationPreferencesUpdate) =>
    save.mutate(change, {
      onError: (error) => toast({ variant: 'destructive', title: failedTitle, description: serverMessage(error) ?? fallback }),
    });
}

/**
 * What the person is told about, kind by kind (only the kinds their role can receive): shown in
 * the app or not, and mailed at once, in a daily digest (where the kind allows one) or not at all.
 * Mandatory training's mails are their company's to turn off, not theirs. A company's admins also
 * set its reminders here.
 */
export function NotificationPreferences() {
  const { t } = useTranslation('notifications');
  const preferences = useNotificationPreferences();
  const change = useSavePreferenceChange(t('preferences.failed.title'), t('preferences.failed.fallback'));
  const mailOffId = useId();

  if (preferences.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('preferences.loading')}
      </p>
    );
  }
  if (preferences.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {t('preferences.loadFailed')}{' '}
        <Button variant="ghost" size="sm" onClick={() => void preferences.refetch()}>
          {t('preferences.retry')}
        </Button>
      </p>
    );
  }
  const { kinds, mailOn, company } = preferences.data;
  return (
    <>
      <div className="flex flex-col gap-3" data-testid="notification-kinds">
        <div>
          <h3 className="text-lg font-semibold">{t('preferences.title')}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{t('preferences.lead')}</p>
        </div>
        {!mailOn && (
          <p id={mailOffId} className="text-sm text-muted-foreground">
            {t('preferences.mailOff')}
          </p>
        )}
        <ul className="divide-y divide-border rounded-2xl border border-border bg-card">
          {kinds.map((kind) => (
            <KindRow
              key={kind.kind}
              preference={kind}
              mailOffId={mailOn ? undefined : mailOffId}
              onChange={(kindChange) => change({ kinds: [{ kind: kind.kind, ...kindChange }] })}
            />
          ))}
        </ul>
      </div>
      {company && (
        <div className="flex flex-col gap-3" data-testid="company-reminders">
          <div>
            <h3 className="text-lg font-semibold">{t('reminders.title')}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t('reminders.lead')}</p>
          </div>
          <ul className="divide-y divide-border rounded-2xl border border-border bg-card">
            <li className={rowClasses}>
              <div>
                <label htmlFor="reminder-days" className="font-medium">
                  {t('reminders.days')}
                </label>
                <p id="reminder-days-hint" className="mt-1 text-sm text-muted-foreground">
                  {t('reminders.daysHint', { count: OVERDUE_REMINDERS })}
                </p>
              </div>
              <select
                id="reminder-days"
                aria-describedby="reminder-days-hint"
                value={company.dueSoonDays}
                onChange={(event) => change({ company: { dueSoonDays: Number(event.target.value) } })}
                className={cn(inputClasses, 'sm:w-44')}
              >
                {DAYS.map((days) => (
                  <option key={days} value={days}>
                    {t('reminders.day', { count: days })}
                  </option>
                ))}
              </select>
            </li>
            <li className={rowClasses}>
              <div>
                <label htmlFor="reminder-mandatory-mail" className="font-medium">
                  {t('reminders.mandatoryMail')}
                </label>
                <p id="reminder-mandatory-mail-hint" className="mt-1 text-sm text-muted-foreground">
                  {t('reminders.mandatoryMailHint')}
                </p>
              </div>
              <Switch
                id="reminder-mandatory-mail"
                aria-describedby="reminder-mandatory-mail-hint"
                checked={company.mandatoryMail}
                onCheckedChange={(mandatoryMail) => change({ company: { mandatoryMail } })}
              />
            </li>
          </ul>
        </div>
      )}
    </>
  );
}

/** One kind: its name and what it is, its switch for the app and its choice of mail. */
function KindRow({
  preference,
  mailOffId,
  onChange,
}: {
  preference: TKindPreference;
  /** The note that mail is off altogether, when it is. */
  mailOffId: string | undefined;
  onChange: (change: { app?: boolean; mail?: TKindPreference['mail'] }) => void;
}) {
  const { t } = useTranslation('notifications');
  const { kind, app, mail, mandatory, digest } = preference;
  const label = t(`kinds.${kind}.label`);
  const id = `notify-${kind}`;
  // Mandatory training is mailed whatever the profile's mail switch says: only the company turns it off (then it shows as off).
  const mailLocked = mandatory || mailOffId !== undefined;
  const modes = MAIL_MODES.filter((mode) => mode !== 'daily' || digest || mail === 'daily');
  return (
    <li className={rowClasses} data-testid={`kind-${kind}`}>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{label}</p>
        <p id={`${id}-description`} className="mt-1 text-sm text-muted-foreground">
          {t(`kinds.${kind}.description`)}
        </p>
        {mandatory && (
          <p id={`${id}-mandatory`} className="mt-1 text-sm font-medium">
            {t(mail === 'off' ? 'preferences.mandatoryOff' : 'preferences.mandatory')}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-app`}
            aria-label={`${t('preferences.app')}: ${label}`}
            aria-describedby={`${id}-description`}
            checked={app}
            onCheckedChange={(value) => onChange({ app: value })}
          />
          <label htmlFor={`${id}-app`} className="text-sm whitespace-nowrap">
            {t('preferences.app')}
          </label>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-mail`} className="text-sm whitespace-nowrap">
            {t('preferences.mail')}
          </label>
          {/* The field is as wide as its wrapper: the same width in every row, so the choices line up. */}
          <div className="w-44">
            <select
              id={`${id}-mail`}
              aria-label={`${t('preferences.mail')}: ${label}`}
              aria-describedby={mandatory ? `${id}-mandatory` : mailOffId}
              value={mail}
              disabled={mailLocked}
              onChange={(event) => onChange({ mail: event.target.value as TKindPreference['mail'] })}
              className={inputClasses}
            >
              {modes.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`preferences.modes.${mode}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
    </li>
  );
}
