import type { Role } from '@shared/constants.ts';
import { useComplianceAccess } from '@/features/compliance/api/compliance';

/** Whether someone who is not an admin manages a group, and so has the compliance page. */
export function useManagesGroups(role: Role | undefined): boolean {
  const access = useComplianceAccess(role !== undefined && role !== 'admin');
  return (access.data?.managedGroups.length ?? 0) > 0;
}
