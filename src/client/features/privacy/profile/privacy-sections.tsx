import type { TUser } from '@shared/schemas/users.ts';
import { AccountDeletionSection } from './account-deletion-section';
import { ConsentsSection } from './consents-section';
import { DataExportSection } from './data-export-section';
import { OwnSessionsSection } from './own-sessions-section';

/**
 * A person's own data, under the profile's Sikkerhed tab: where they are logged in, a copy of everything Kursa keeps about
 * them, the consents they gave, and deleting their account (docs/features/privacy.md).
 */
export function PrivacySections({ user }: { user: TUser }) {
  return (
    <>
      <OwnSessionsSection />
      <DataExportSection user={user} />
      <ConsentsSection user={user} />
      <AccountDeletionSection user={user} />
    </>
  );
}
