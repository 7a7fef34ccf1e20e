import { PersonRecordPage } from '@/features/compliance/person-record-page';

/** /compliance/people/:userId: a person's training record; the screen is its feature's. */
export default function CompliancePersonRoute() {
  return <PersonRecordPage />;
}
