import type { DemoName } from './demos';

/**
 * What the wizard or the demos are asked to do: the public page's Run All Demos before the demos'
 * chunk is here (it hands its action over once they are), and a link into the workspace's wizard
 * that names a step or the AI start. `id` tells a repeated action from the one already done.
 */
export type CreatorAction =
  { kind: 'step'; index: number } | { kind: 'ai' } | { kind: 'manual' } | { kind: 'demo'; demo: DemoName | 'all' };

export type CreatorActionRequest = CreatorAction & { id: number };
