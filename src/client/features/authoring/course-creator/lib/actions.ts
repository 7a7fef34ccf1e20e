import type { DemoName } from './demos';

/**
 * What the light page asks of the workspace (its own chunk, loaded on intent): the buttons of the
 * page's stand-ins, tools and call to action are real from the first paint and hand their action
 * over once the workspace is here. `id` tells a repeated action from the one already done.
 */
export type CreatorAction =
  { kind: 'step'; index: number } | { kind: 'ai' } | { kind: 'manual' } | { kind: 'demo'; demo: DemoName | 'all' };

export type CreatorActionRequest = CreatorAction & { id: number };
