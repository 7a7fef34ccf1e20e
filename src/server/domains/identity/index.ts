/**
 * The identity domain's public entry: other domains and the composition root (app.ts, demo/) import
 * from here, never from the modules inside (scripts/check-architecture.ts keeps it so).
 *
 * Who people are and how they get in: companies and their users, CVR look-ups, registration and its
 * confirmation, login and sessions' owners, password recovery, and the team.
 */
export { accountRecoveryRoutes } from './account-recovery/routes.ts';
export { AccountRecoveryService } from './account-recovery/service.ts';
export { recordLogin } from './auth/repository.ts';
export { authRoutes } from './auth/routes.ts';
export { AuthService } from './auth/service.ts';
export { verifiedDomainOwner } from './company-domains/service.ts';
export { cvrRoutes } from './cvr/routes.ts';
export { CvrService } from './cvr/service.ts';
export { teamRoutes } from './team/routes.ts';
export { TeamService } from './team/service.ts';
export { assertNotDemo } from './users/demo-guard.ts';
export {
  countOrganisations,
  emailExists,
  findUserById,
  insertOrganisationWithUser,
  insertUser,
  mergePreferences,
} from './users/repository.ts';
export type { MembershipChange } from './users/membership.ts';
export { usersRoutes } from './users/routes.ts';
export { UsersService } from './users/service.ts';
export { assertCanPublish } from './verification/gate.ts';
export { verificationRoutes } from './verification/routes.ts';
export { VerificationService } from './verification/service.ts';
export { scimRoutes } from './scim/routes.ts';
export { registerCallers } from './api-keys/auth.ts';
