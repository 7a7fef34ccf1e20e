import { DataExportCard } from './data-export-card';

/** On the admins' settings page: a copy of the whole company's data, its people and its courses. */
export default function CompanyExportSection() {
  return <DataExportCard scope="company" />;
}
