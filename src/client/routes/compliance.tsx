import { CompliancePage } from '@/features/compliance/compliance-page';

/** /compliance: groups, required courses and who has taken them; the screen is its feature's. */
export default function ComplianceRoute() {
  return <CompliancePage />;
}
