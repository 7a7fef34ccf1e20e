import { DevMailPage } from '@/features/notifications/dev-mail-page';

/** /dev/mail: the mails an installation without SMTP keeps; the screen is its feature's. */
export default function DevMailRoute() {
  return <DevMailPage />;
}
