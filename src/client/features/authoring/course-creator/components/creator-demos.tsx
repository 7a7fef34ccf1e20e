import type { CreatorActionRequest } from '../lib/actions';
import { AiDemoPanel } from './ai-demo-panel';
import { WithQueryClient } from './with-query-client';

/**
 * The AI systems' demo cards, the one part of the creator that still runs on its public page: a
 * chunk of its own, loaded on intent, without the wizard (which is the workspace's).
 */
export default function CreatorDemos({ action }: { action: CreatorActionRequest | null }) {
  return (
    <WithQueryClient>
      <AiDemoPanel action={action} />
    </WithQueryClient>
  );
}
