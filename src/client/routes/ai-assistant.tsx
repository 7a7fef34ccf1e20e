import { AiAssistantPage } from '@/features/authoring/ai-assistant/ai-assistant-page';

/** /ai-assistant: the assistants and the AI services behind them; the screen is its feature's. */
export default function AiAssistantRoute() {
  return <AiAssistantPage />;
}
