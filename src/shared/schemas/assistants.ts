import { z } from 'zod';
import { safeString } from './common.ts';

/** The three AI assistants, their chat and the stored conversations. */

export const ASSISTANT_SLUGS = ['learning-coach', 'creative-designer', 'research-analyst'] as const;
export type AssistantSlug = (typeof ASSISTANT_SLUGS)[number];

/**
 * Why an assistant cannot be used now: no provider configured ('Setup Required'), the company's
 * monthly tokens spent, this user's monthly messages used, or nobody signed in.
 */
export const UNAVAILABLE_REASONS = ['not_configured', 'quota_exceeded', 'limit_reached', 'login_required'] as const;

/** GET /api/ai-services: each assistant's name, description and whether it is available, with its slug and why not. */
export const ZAiService = z.object({
  slug: z.enum(ASSISTANT_SLUGS),
  name: z.string(),
  description: z.string(),
  available: z.boolean(),
  /** Null when available. */
  unavailableReason: z.enum(UNAVAILABLE_REASONS).nullable(),
});
export type TAiService = z.infer<typeof ZAiService>;
export const ZAiServices = z.array(ZAiService);

/** Longest message a user may send, and the most history a stateless call may carry. */
export const CHAT_LIMITS = { messageChars: 4000, historyMessages: 40, historyChars: 24_000, titleChars: 80 } as const;

const ZHistoryMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: safeString().max(CHAT_LIMITS.historyChars),
});

/**
 * Where the user is when they ask: a course (the builder) or a lesson of it (the builder's lesson
 * editor, or the player). Only ids: the server loads what they hold, with the user's rights.
 */
export const ZChatContext = z.object({
  courseId: safeString().min(1).max(64),
  lessonId: safeString().min(1).max(64).optional(),
});
export type TChatContext = z.infer<typeof ZChatContext>;

/**
 * POST /api/chat {message, conversationHistory, aiService, …}. A stored conversation is used by id
 * (its history is the server's, not the client's), or started with `save`; without either the call is
 * stateless, as the connection test is. `retry` answers the conversation's last message again,
 * replacing the reply it had (the message may then be left out).
 */
export const ZChatRequest = z
  .object({
    message: safeString().max(CHAT_LIMITS.messageChars).optional(),
    conversationHistory: z.array(ZHistoryMessage).max(CHAT_LIMITS.historyMessages).default([]),
    aiService: safeString().max(64),
    conversationId: safeString().min(1).max(64).optional(),
    save: z.boolean().default(false),
    retry: z.boolean().default(false),
    context: ZChatContext.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.retry && !(body.message ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['message'], message: 'chat.messageRequired' });
    if (body.retry && !body.conversationId)
      ctx.addIssue({ code: 'custom', path: ['conversationId'], message: 'chat.retryNeedsConversation' });
  });
export type TChatRequest = z.input<typeof ZChatRequest>;

/** A lesson the reply drew on: the player's link to it. */
export const ZChatSource = z.object({
  /** The [n] the reply cites it by. */
  number: z.number().int(),
  courseId: z.string(),
  lessonId: z.string(),
  title: z.string(),
  href: z.string(),
});
export type TChatSource = z.infer<typeof ZChatSource>;

/** The chat's answer (response, timestamp, serviceName) and what a stored conversation adds. */
export const ZChatResponse = z.object({
  response: z.string(),
  timestamp: z.string(),
  serviceName: z.string(),
  conversationId: z.string().nullable(),
  messageId: z.string().nullable(),
  sources: z.array(ZChatSource),
  /** True while a learner has a quiz open in the player: the coach gives hints only. */
  hintsOnly: z.boolean(),
});
export type TChatResponse = z.infer<typeof ZChatResponse>;

export const ZChatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** complete; stopped (the user stopped it while it was written: the text so far); failed (no reply). */
  status: z.enum(['complete', 'stopped', 'failed']),
  sources: z.array(ZChatSource),
  createdAt: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZConversationSummary = z.object({
  id: z.string(),
  title: z.string(),
  aiService: z.enum(ASSISTANT_SLUGS),
  context: ZChatContext.nullable(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TConversationSummary = z.infer<typeof ZConversationSummary>;
export const ZConversationList = z.array(ZConversationSummary);

export const ZConversation = ZConversationSummary.extend({ messages: z.array(ZChatMessage) });
export type TConversation = z.infer<typeof ZConversation>;
