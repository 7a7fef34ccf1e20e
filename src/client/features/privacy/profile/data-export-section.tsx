import type { TUser } from '@shared/schemas/users.ts';
import { DataExportCard } from '../data-export-card';

/** Dine data: a copy of everything Kursa keeps about the person, to download (docs/features/privacy.md). */
export function DataExportSection(_props: { user: TUser }) {
  return <DataExportCard scope="person" />;
}
