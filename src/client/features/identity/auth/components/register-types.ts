import type { Ref } from 'react';

/** What a CVR look-up found, in the registration form's field names. */
export interface CompanyDetails {
  companyName: string;
  address: string;
  city: string;
  postalCode: string;
  phone: string | null;
  email: string | null;
  contactName: string | null;
  owners: { name: string }[];
}

/**
 * The registration form does not own the CVR look-up (that is the cvr feature); the route passes
 * a component that renders the CVR input with these props and reports what it found.
 */
export interface CvrFieldSlotProps {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
  required: boolean;
  onCompanyFound: (company: CompanyDetails) => void;
  /**
   * What a valid number the registry does not know means here: with the offline
   * registry the account is created unconfirmed (a neutral note, no error); with the live
   * registry the registration is refused (an error).
   */
  notFoundMeans: 'unconfirmed' | 'refused';
}
