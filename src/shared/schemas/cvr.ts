import { z } from 'zod';
import { safeString } from './common.ts';

/** What a CVR look-up finds in the company registry, in the names the forms use. */
export const ZCvrCompany = z.object({
  cvr: z.string(),
  companyName: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  contactName: z.string().nullable(),
  owners: z.array(z.object({ name: z.string() })),
  source: z.enum(['offline', 'cvrapi']),
});
export type TCvrCompany = z.infer<typeof ZCvrCompany>;

export const ZCvrParams = z.object({ cvr: safeString('cvr.invalid').max(20, { error: 'cvr.invalid' }) });
