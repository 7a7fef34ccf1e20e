/**
 * The demo account seeded into an empty database when SEED_DEMO is on (the default). The login
 * page's demo card shows it only when the server says the demo account exists (GET /api/public-config).
 */
export const DEMO_ACCOUNT = {
  email: 'demo@kursa.example',
  password: 'kursa-demo-2026',
  contactName: 'Mette Demo',
  companyName: 'Kursa Demo ApS',
  cvrNumber: '10000009',
} as const;

/**
 * The demo company's learner: seeded with progress in the sample courses, a passed
 * quiz, a certificate and a review, so the dashboard shows real figures on a fresh start. Its
 * login is public too, so the account is locked like the demo admin's.
 */
export const DEMO_LEARNER = {
  email: 'learner@kursa.example',
  password: 'kursa-learner-2026',
  contactName: 'Lars Lærling',
} as const;

/** The demo accounts whose logins every visitor sees: nobody may take them over or deface them. */
export const DEMO_EMAILS: readonly string[] = [DEMO_ACCOUNT.email, DEMO_LEARNER.email];
