import type { WEBHOOK_TEST_EVENT } from '@shared/constants.ts';
import type { WebhookEvent } from '@shared/schemas/webhooks.ts';
import { useTranslation } from '@/lib/use-translation';

/** An event's part of the i18n key of its name (i18next reads the dots in 'course.completed' as nesting). */
const EVENT_KEYS = {
  'enrolment.created': 'enrolmentCreated',
  'course.completed': 'courseCompleted',
  'certificate.issued': 'certificateIssued',
  'member.joined': 'memberJoined',
  'member.left': 'memberLeft',
  'webhook.test': 'webhookTest',
} as const satisfies Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, string>;

/** An event's name as an admin reads it, in the language on screen. */
export function useEventName(): (event: keyof typeof EVENT_KEYS) => string {
  const { t } = useTranslation('team');
  return (event) => t(`webhooks.event.${EVENT_KEYS[event]}`);
}
