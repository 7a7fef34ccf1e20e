import type { TUser } from '@shared/schemas/users.ts';

export function DataExportSection(_props: { user: TUser }) {
  return null;
}
