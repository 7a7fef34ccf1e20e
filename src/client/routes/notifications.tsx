import { NotificationsPage } from '@/features/notifications/notifications-page';

/** /notifications: all of the person's notifications; the screen is its feature's. */
export default function NotificationsRoute() {
  return <NotificationsPage />;
}
