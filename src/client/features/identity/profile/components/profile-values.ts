import type { TProfileForm, TUser } from '@shared/schemas/users.ts';

/** Company details belong to the organisation; only its admins may change them. */
export const COMPANY_FIELDS = ['companyName', 'address', 'city', 'postalCode'] as const;
export const PERSONAL_FIELDS = ['contactName', 'email', 'phone', 'website'] as const;
export const PROFILE_FIELDS = [...PERSONAL_FIELDS, 'bio', 'expertise', ...COMPANY_FIELDS] as const;

export function profileValues(user: TUser): TProfileForm {
  return {
    contactName: user.contactName,
    email: user.email,
    phone: user.phone,
    companyName: user.companyName,
    address: user.address,
    city: user.city,
    postalCode: user.postalCode,
    bio: user.bio ?? '',
    expertise: user.expertise ?? '',
    website: user.website ?? '',
  };
}

export function isCompanyField(field: string): boolean {
  return (COMPANY_FIELDS as readonly string[]).includes(field);
}
