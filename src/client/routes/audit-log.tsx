import { AuditLogPage } from '@/features/privacy/audit-log-page';

/** /audit-log: the company's audit log (admins); the screen is its feature's. */
export default function AuditLogRoute() {
  return <AuditLogPage />;
}
