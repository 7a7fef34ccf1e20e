import { useTranslation } from '@/lib/use-translation';
import type { TPreferences, TUser } from '@shared/schemas/users.ts';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/use-toast';
import { serverMessage } from '@/lib/form-errors';
import { useUpdatePreference } from '../api/update-user';

const KEYS = [
  'emailNotifications',
  'marketingEmails',
  'smsNotifications',
  'publicProfile',
  'analyticsSharing',
] as const satisfies readonly (keyof TPreferences)[];

/** The Indstillinger tab: each switch is saved on the server as soon as it changes. */
export function PreferenceSwitches({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const update = useUpdatePreference(user.id);

  const change = (key: keyof TPreferences, value: boolean) =>
    update.mutate(
      { key, value },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('profile.settings.toast.failed.title'),
            description: serverMessage(error) ?? t('profile.settings.toast.failed.fallback'),
          }),
      },
    );

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{t('profile.settings.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('profile.settings.lead')}</p>
      </div>
      <ul className="divide-y divide-border rounded-2xl border border-border bg-card">
        {KEYS.map((key) => (
          <li key={key} className="flex items-center justify-between gap-6 p-5">
            <div>
              <label htmlFor={`pref-${key}`} className="font-medium">
                {t(`profile.settings.items.${key}.label`)}
              </label>
              <p id={`pref-${key}-description`} className="mt-1 text-sm text-muted-foreground">
                {t(`profile.settings.items.${key}.description`)}
              </p>
            </div>
            <Switch
              id={`pref-${key}`}
              aria-describedby={`pref-${key}-description`}
              checked={user.preferences[key]}
              onCheckedChange={(value) => change(key, value)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
