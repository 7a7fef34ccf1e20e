import type { TAiService, TChatResponse } from '@shared/schemas/assistants.ts';
import { api } from '@/lib/api-client';

/** GET /api/ai-services: the assistants and whether each can be used now. */
export const fetchAiServices = (path: string, signal: AbortSignal) => api.get<TAiService[]>(path, signal);

/** The assistants page's connection test: one message with an empty history, not stored as a conversation. */
export const testConnection = (aiService: string, message: string) =>
  api.post<TChatResponse>('/api/chat', { message, conversationHistory: [], aiService });
