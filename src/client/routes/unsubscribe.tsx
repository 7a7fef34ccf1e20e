import { UnsubscribePage } from '@/features/notifications/unsubscribe-page';

/** A notification mail's unsubscribe link; the screen is its feature's. */
export default function NotificationsUnsubscribeRoute() {
  return <UnsubscribePage />;
}
