import type { OnboardingStep, TOnboarding } from '../../../../shared/schemas/onboarding.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import * as repo from './repository.ts';

type StepState = TOnboarding['steps'][number]['state'];

/** The getting-started checklist of a company's admins and instructors (learners have /learn's own introduction). */
export class OnboardingService {
  constructor(private readonly db: Db) {}

  async checklist(user: TUser): Promise<TOnboarding> {
    if (user.role === 'learner') throw new AppError('FORBIDDEN', 403, 'http.forbidden');
    const admin = user.role === 'admin';
    const facts = await repo.onboardingFacts(this.db, user.organisationId, user.id, admin ? null : user.id);
    const done = (value: boolean): StepState => (value ? 'done' : 'todo');
    // Control is proved with a code to the company's address in the registry (or to the admin's own
    // address on its domain): without that address, or without mail, it cannot be done here.
    const confirm: StepState = facts.org.verified === 1 ? 'done' : facts.org.registry_email !== null ? 'todo' : 'unavailable';
    const steps: { key: OnboardingStep; state: StepState }[] = admin
      ? [
          { key: 'confirmCompany', state: confirm },
          { key: 'firstCourse', state: done(facts.anyCourse) },
          { key: 'subdomain', state: done(facts.org.subdomain !== null) },
          { key: 'brand', state: done(facts.branded) },
          { key: 'inviteColleague', state: done(facts.colleague) },
          { key: 'publish', state: done(facts.published) },
        ]
      : [
          { key: 'firstCourse', state: done(facts.anyCourse) },
          { key: 'publish', state: done(facts.published) },
        ];
    return { steps, complete: steps.every((step) => step.state !== 'todo'), dismissed: facts.dismissed };
  }

  async dismiss(user: TUser): Promise<void> {
    if (user.role === 'learner') throw new AppError('FORBIDDEN', 403, 'http.forbidden');
    await repo.dismissOnboarding(this.db, user.id, new Date().toISOString());
  }
}
