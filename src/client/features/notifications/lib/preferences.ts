import type { TNotificationPreferences, TNotificationPreferencesUpdate } from '@shared/schemas/notifications.ts';

/** The preferences with `change` applied, as the page shows them before the server has answered. */
export function withChange(preferences: TNotificationPreferences, change: TNotificationPreferencesUpdate): TNotificationPreferences {
  const kinds = preferences.kinds.map((kind) => {
    const changed = change.kinds?.find((entry) => entry.kind === kind.kind);
    return changed
      ? { ...kind, ...(changed.app !== undefined && { app: changed.app }), ...(changed.mail && { mail: changed.mail }) }
      : kind;
  });
  return {
    kinds,
    mailOn: change.mailOn ?? preferences.mailOn,
    company: preferences.company && { ...preferences.company, ...change.company },
  };
}
