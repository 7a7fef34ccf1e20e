import { lazy } from 'react';

// The steps after the first load when they are opened: the page comes with its first step only, so
// the workspace's creator stays within a logged-in page's budget (150 KB of gzipped JavaScript).
const loadSteps = () => import('./creator-steps');
export const ConceptStage = lazy(() => loadSteps().then((m) => ({ default: m.ConceptStage })));
export const OutlineStage = lazy(() => loadSteps().then((m) => ({ default: m.OutlineStage })));
export const ContentStage = lazy(() => loadSteps().then((m) => ({ default: m.ContentStage })));
export const InsightsStep = lazy(() => loadSteps().then((m) => ({ default: m.InsightsStep })));
export const LaunchStep = lazy(() => loadSteps().then((m) => ({ default: m.LaunchStep })));
