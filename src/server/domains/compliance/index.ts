/**
 * The compliance domain's public entry: the composition root (app.ts) wires it to the learning and
 * identity domains' hooks, and registers its routes.
 *
 * Compliance training: groups and their managers, required courses that may recur, each person's
 * status and its history, and the reports an auditor is handed.
 */
export { reportRoutes } from './report-routes.ts';
export { complianceRoutes } from './routes.ts';
export { type ComplianceHooks, setUpCompliance } from './setup.ts';
