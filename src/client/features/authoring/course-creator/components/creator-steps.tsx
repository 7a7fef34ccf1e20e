// The wizard's steps after the first, one chunk loaded when the first of them opens (see
// later-steps.ts): one module, so they arrive in one download rather than five.
export { ConceptStage } from './concept-stage';
export { ContentStage } from './content-stage';
export { InsightsStep } from './insights-step';
export { LaunchStep } from './launch-step';
export { OutlineStage } from './outline-stage';
