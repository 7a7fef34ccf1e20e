import { TRIAL_DAYS } from '../../shared/constants.ts';
import { DEMO_ACCOUNT } from '../../shared/demo.ts';
import { hashPassword } from '../security/passwords.ts';
import { newId } from '../security/tokens.ts';
import { countOrganisations, insertOrganisationWithUser } from '../modules/users/repository.ts';
import type { Db } from './database.ts';

/**
 * Seeds the demo company and its admin into an EMPTY database only, so a real installation's data
 * is never touched. The company is sample data and is stored as not verified.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  if ((await countOrganisations(db)) > 0) return false;
  const organisationId = newId();
  await insertOrganisationWithUser(
    db,
    {
      id: organisationId,
      cvr: DEMO_ACCOUNT.cvrNumber,
      name: DEMO_ACCOUNT.companyName,
      address: 'Vesterbrogade 1',
      city: 'København V',
      postalCode: '1620',
      phone: '+45 70 10 20 30',
      email: DEMO_ACCOUNT.email,
      verified: false,
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    },
    {
      id: newId(),
      organisationId,
      email: DEMO_ACCOUNT.email,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      contactName: DEMO_ACCOUNT.contactName,
      phone: '+45 70 10 20 30',
      role: 'admin',
    },
  );
  return true;
}
