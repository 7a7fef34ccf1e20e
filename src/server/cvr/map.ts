import type { TCvrCompany } from '../../shared/schemas/cvr.ts';

/** The fields cvrapi.dk returns that we use (and the offline fixtures mirror). */
export interface CvrApiCompany {
  vat: number | string;
  name?: string | null;
  address?: string | null;
  zipcode?: string | number | null;
  city?: string | null;
  phone?: string | number | null;
  email?: string | null;
  owners?: { name?: string | null }[] | null;
}

const str = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v).trim());
const orNull = (v: string | number | null | undefined): string | null => str(v) || null;

/** The first owner's name becomes the company's contact name. */
export function toCvrCompany(c: CvrApiCompany, source: TCvrCompany['source']): TCvrCompany {
  const owners = (c.owners ?? []).map((o) => ({ name: str(o.name) })).filter((o) => o.name !== '');
  return {
    cvr: str(c.vat).padStart(8, '0'),
    companyName: str(c.name),
    address: str(c.address),
    city: str(c.city),
    postalCode: str(c.zipcode),
    phone: orNull(c.phone),
    email: orNull(c.email),
    contactName: owners[0]?.name ?? null,
    owners,
    source,
  };
}
