import { InvitationPage } from '@/features/identity/team/invitation-page';

/** /invite/:token: accepting an invitation to a company; the screen is its feature's. */
export default function InvitationRoute() {
  return <InvitationPage />;
}
