import { useTranslation } from '@/lib/use-translation';
import type { TCvrCompany } from '@shared/schemas/cvr.ts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

const FIELDS = ['companyName', 'address', 'city', 'postalCode', 'contactName', 'phone', 'email'] as const;
type CompanyField = (typeof FIELDS)[number];

function valueOf(company: TCvrCompany | null, field: CompanyField): string {
  if (!company) return '';
  // The registry's first owner is the contact person; the server has already put that name here.
  if (field === 'contactName') return company.contactName ?? '';
  return company[field] ?? '';
}

/** The read-only fields a successful look-up fills in. */
export function CvrCompanyFields({ company }: { company: TCvrCompany | null }) {
  const { t } = useTranslation('cvr');
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {FIELDS.map((field) => (
        <Field
          key={field}
          id={`cvr-test-${field}`}
          label={t(`fields.${field}`)}
          className={field === 'companyName' ? 'sm:col-span-2' : undefined}
        >
          {(control) => <Input {...control} readOnly value={valueOf(company, field)} />}
        </Field>
      ))}
    </div>
  );
}
