import { AppError } from '../../../http/errors.ts';

/**
 * Whether a company must still confirm control before it may publish publicly or sell. Only with
 * the live registry (a shared installation serving many companies); with the offline registry
 * (development, demos, one company's own installation) confirmation is offered but not required.
 */
export function confirmationRequired(provider: 'offline' | 'cvrapi', companyVerified: boolean): boolean {
  return provider === 'cvrapi' && !companyVerified;
}

/**
 * The one server-side check before anything is published publicly or sold (issues 5 and 9 call
 * it): an unconfirmed company on the live registry is refused with 403 COMPANY_UNCONFIRMED.
 */
export function assertCanPublish(company: { companyVerified: boolean }, provider: 'offline' | 'cvrapi'): void {
  if (confirmationRequired(provider, company.companyVerified)) {
    throw new AppError('COMPANY_UNCONFIRMED', 403, 'verification.requiredToPublish');
  }
}
