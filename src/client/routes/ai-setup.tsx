import { AiSetupPage } from '@/features/authoring/ai-assistant/ai-setup-page';

/** /ai-assistant/setup: connecting an AI service; the screen is its feature's. */
export default function AiSetupRoute() {
  return <AiSetupPage />;
}
