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
