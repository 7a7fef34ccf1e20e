/** A person's place in their company began (an accepted invitation, provisioning, a first sign-in, reactivation) or ended (deactivation). */
export type MembershipChange = 'joined' | 'left';

/** Told once a membership change is saved; what hears it (a company's webhooks) never fails the change. */
export type MembershipHook = (userId: string, change: MembershipChange) => Promise<void>;
