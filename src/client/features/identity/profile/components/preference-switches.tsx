import { Suspense } from 'react';
import type { TPreferences, TUser } from '@shared/schemas/users.ts';
import { LoadingPart } from '@/components/ui/loading-part';
import { Switch } from '@/components/ui/switch';
import { serverMessage } from '@/lib/form-errors';
import { toast } from '@/lib/use-toast';
import { useTranslation } from '@/lib/use-translation';
import { useNotificationPreferences } from '@/features/notifications/api';
import { NotificationPreferences, useSavePreferenceChange } from '@/features/notifications/components/notification-preferences';
import { useAccountNewsletter, useSetAccountNewsletter, useUpdatePreference } from '../api/update-user';

/**
 * The switches this tab shows: the e-mail switch is the notification preferences' (every mail but
 * mandatory training), marketing e-mails the newsletter subscription of the account's address,
 * the public profile kept on the user (docs/decisions/049-settings-switches.md).
 */
type Shown = 'emailNotifications' | 'marketingEmails' | 'publicProfile';

/**
 * The Indstillinger tab: each switch is saved on the server as soon as it changes, and below them
 * the notifications, kind by kind (and for admins the company's reminders).
 */
export function PreferenceSwitches({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation('account');
  const update = useUpdatePreference(user.id);
  const newsletter = useAccountNewsletter();
  const setNewsletter = useSetAccountNewsletter();
  const notifications = useNotificationPreferences();
  const saveNotifications = useSavePreferenceChange(t('profile.settings.toast.failed.title'), t('profile.settings.toast.failed.fallback'));

  const failed = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: t('profile.settings.toast.failed.title'),
      description: serverMessage(error) ?? t('profile.settings.toast.failed.fallback'),
    });
  const change = (key: keyof TPreferences, value: boolean) => update.mutate({ key, value }, { onError: failed });
  // The consent stored with a subscription is the switch's words as shown.
  const marketing = (subscribed: boolean) =>
    setNewsletter.mutate(
      {
        subscribed,
        language: i18n.language === 'en' ? 'en' : 'da',
        consentText: `${t('profile.settings.items.marketingEmails.label')}: ${t('profile.settings.items.marketingEmails.description')}`,
      },
      { onError: failed },
    );

  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <div className="flex flex-col gap-6">
        <div>
          <h2 className="text-xl font-semibold">{t('profile.settings.title')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('profile.settings.lead')}</p>
        </div>
        <ul className="divide-y divide-border rounded-2xl border border-border bg-card">
          <SwitchRow
            name="emailNotifications"
            // Until the notification preferences have come, the switch waits for them.
            checked={notifications.data?.mailOn ?? user.preferences.emailNotifications}
            disabled={!notifications.data}
            onChange={(mailOn) => saveNotifications({ mailOn })}
          />
          <SwitchRow
            name="marketingEmails"
            checked={newsletter.data?.subscribed ?? false}
            disabled={!newsletter.data}
            onChange={marketing}
          />
          <SwitchRow name="publicProfile" checked={user.preferences.publicProfile} onChange={(value) => change('publicProfile', value)} />
        </ul>
      </div>
      {/* The kinds' names and choices are the notifications' strings, fetched with them. */}
      <Suspense fallback={<LoadingPart className="h-96" />}>
        <NotificationPreferences />
      </Suspense>
    </div>
  );
}

function SwitchRow({
  name,
  checked,
  disabled,
  onChange,
}: {
  name: Shown;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <li className="flex items-center justify-between gap-6 p-5">
      <div>
        <label htmlFor={`pref-${name}`} className="font-medium">
          {t(`profile.settings.items.${name}.label`)}
        </label>
        <p id={`pref-${name}-description`} className="mt-1 text-sm text-muted-foreground">
          {t(`profile.settings.items.${name}.description`)}
        </p>
      </div>
      <Switch
        id={`pref-${name}`}
        aria-describedby={`pref-${name}-description`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
      />
    </li>
  );
}
