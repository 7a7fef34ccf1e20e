// The wizard's steps after the first, one chunk loaded when the first of them opens (see
// creator-workspace.tsx): one module, so they arrive in one download rather than six.
export { ConceptStage } from './concept-stage';
export { ContentGenerator } from './content-generator';
export { InsightsStep } from './insights-step';
export { LaunchStep } from './launch-step';
export { MediaStep } from './media-step';
export { OutlineStage } from './outline-stage';
