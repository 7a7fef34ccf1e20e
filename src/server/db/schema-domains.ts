/** A company's e-mail domain and its proof of control (migration 051). */
export interface OrganisationDomainsTable {
  id: string;
  organisation_id: string;
  /** Lower case, an internationalised name in its ASCII (xn--) form. */
  domain: string;
  /** What the TXT record must carry: kursa-verification={token}. */
  token: string;
  status: 'pending' | 'verified';
  /** How control was proved: its TXT record ('dns'), or the registry e-mail proved at registration ('registry'); null while pending. */
  method: 'dns' | 'registry' | null;
  verified_at: string | null;
  created_at: string;
  created_by: string | null;
}

export interface DomainTables {
  organisation_domains: OrganisationDomainsTable;
}
