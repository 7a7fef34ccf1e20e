import type { ModelMessage } from 'ai';
import {
  CHAT_LIMITS,
  type AssistantSlug,
  type TAiService,
  type TChatContext,
  type TChatMessage,
  type TChatResponse,
  type TChatSource,
  type TConversation,
  type TConversationSummary,
} from '../../../../shared/schemas/assistants.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { courseBuilderPath, playerPath } from '../../../../shared/routes.ts';
import type { Db } from '../../../db/database.ts';
import { estimateTokens, monthOf, OUTPUT_ALLOWANCE, type AiMeter, type Reservation } from '../../../ai/metering.ts';
import type { AiProviders } from '../../../ai/providers.ts';
import { notConfigured, type AiRunner } from '../../../ai/run-task.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { ASSISTANTS, assistantBySlug } from './assistants.ts';
import { loadContext, type LoadedContext } from './context.ts';
import { chatSystemPrompt, type PromptPassage } from './prompt.ts';
import * as repo from './repository.ts';

/** The task the assistants' chat runs (and is metered and limited) as. */
export const CHAT_TASK = 'assistant-chat' as const;

/** How many of the course's passages a question brings into the prompt. */
const PASSAGES = 5;
/**
 * The tokens of a chat's system prompt (the assistant's instructions, the course's outline and open
 * lesson, the passages) as reserved before it is written: the reply's allowance comes on top.
 */
const SYSTEM_ALLOWANCE = 3000;
/** The widget lists this many of a user's latest conversations. */
const LISTED = 30;

/** A passage of a course that retrieval found for a question. */
export interface CoursePassage {
  lessonId: string;
  lessonTitle: string;
  moduleTitle: string;
  text: string;
}

/** Retrieval over one course's lessons: the passages that best match a question, best first. */
export type SearchCourse = (courseId: string, question: string, limit: number) => Promise<CoursePassage[]>;

export interface ChatCall {
  language: AiLanguage;
  signal: AbortSignal;
  /** The conversation is ready (stored first, when it is stored): the streaming form says so before the reply. */
  onStart?: (start: { conversationId: string | null; hintsOnly: boolean }) => void;
  onText?: (delta: string) => void;
}

const unknownService = () => new AppError('CHAT_UNKNOWN_SERVICE', 400, 'chat.unknownService');
const conversationNotFound = () => new AppError('CONVERSATION_NOT_FOUND', 404, 'chat.conversationNotFound');

function parseSources(raw: string): TChatSource[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as TChatSource[]) : [];
  } catch {
    return [];
  }
}

/** A conversation's title: its first message on one line, cut at a word near the limit. */
export function titleOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line.length <= CHAT_LIMITS.titleChars) return line;
  const cut = line.slice(0, CHAT_LIMITS.titleChars - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > CHAT_LIMITS.titleChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The latest turns that fit the history budget, oldest first (a long conversation sends its end). */
function recent(history: { role: 'user' | 'assistant'; content: string }[]): ModelMessage[] {
  const kept: ModelMessage[] = [];
  let chars = 0;
  for (let i = history.length - 1; i >= 0 && kept.length < CHAT_LIMITS.historyMessages; i--) {
    const turn = history[i]!;
    if (!turn.content.trim()) continue;
    chars += turn.content.length;
    if (chars > CHAT_LIMITS.historyChars) break;
    kept.unshift({ role: turn.role, content: turn.content });
  }
  // A model expects the user to speak first.
  while (kept[0]?.role === 'assistant') kept.shift();
  return kept;
}

/** The lessons a reply cites by [n], in the order first cited, one source per number. */
export function citedSources(
  reply: string,
  passages: readonly CoursePassage[],
  courseId: string,
  role: LoadedContext['role'],
): TChatSource[] {
  const sources: TChatSource[] = [];
  for (const match of reply.matchAll(/\[(\d{1,2})\]/g)) {
    const number = Number(match[1]);
    const passage = passages[number - 1];
    if (!passage || sources.some((s) => s.number === number)) continue;
    const href =
      role === 'learner'
        ? playerPath(courseId, passage.lessonId)
        : `${courseBuilderPath(courseId)}?lesson=${encodeURIComponent(passage.lessonId)}`;
    sources.push({ number, courseId, lessonId: passage.lessonId, title: passage.lessonTitle, href });
  }
  return sources;
}

function summary(row: repo.ConversationRow): TConversationSummary {
  return {
    id: row.id,
    title: row.title,
    aiService: row.service as AssistantSlug,
    context: row.course_id ? { courseId: row.course_id, ...(row.lesson_id && { lessonId: row.lesson_id }) } : null,
    messageCount: Number(row.message_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function messageView(row: repo.MessageRow): TChatMessage {
  return {
    id: row.id,
    role: row.role as TChatMessage['role'],
    content: row.content,
    status: row.status as TChatMessage['status'],
    sources: parseSources(row.sources),
    createdAt: row.created_at,
  };
}

/**
 * The three assistants: which can be used, the chat (stateless, on the history the request carries,
 * or a stored conversation), grounded in the course the user is in, and the conversations
 * themselves.
 */
export class AssistantsService {
  constructor(
    private readonly db: Db,
    private readonly ai: AiRunner,
    private readonly providers: AiProviders,
    private readonly meter: AiMeter,
    /** Retrieval over the course's lessons (ADR 024); without it (null) a chat in a course has its outline and the open lesson, no passages. */
    private readonly search: SearchCourse | null,
    private readonly messagesPerMonth: number,
  ) {}

  /** GET /api/ai-services: each assistant, and why it cannot be used now when it cannot. */
  async services(actor: TUser | null, language: AiLanguage): Promise<TAiService[]> {
    let reason: TAiService['unavailableReason'] = null;
    if (!this.providers.configured) reason = 'not_configured';
    else if (!actor) reason = 'login_required';
    else if ((await this.meter.usage(actor.organisationId)).remainingTokens <= 0) reason = 'quota_exceeded';
    else if ((await this.messagesUsed(actor.id)) >= this.messagesPerMonth) reason = 'limit_reached';
    return ASSISTANTS.map((a) => ({
      slug: a.slug,
      name: a.name,
      description: a.description[language],
      available: reason === null,
      unavailableReason: reason,
    }));
  }

  private messagesUsed(userId: string): Promise<number> {
    const { month, from } = monthOf(new Date());
    return repo.chatMessagesIn(this.db, userId, CHAT_TASK, month, from);
  }

  /**
   * Admits one message: counted against the user's month (429 CHAT_LIMIT_REACHED), then the
   * company's tokens for it reserved (429 AI_QUOTA_EXCEEDED, and the message given back). Both are
   * atomic in the database, so parallel messages never pass either limit; the user's limit comes
   * first so that a user past it holds none of the company's tokens, even for a moment. `undo`
   * gives both back for a message that then never reaches the model.
   */
  private async admit(actor: TUser, promptChars: number): Promise<{ reservation: Reservation; undo: () => Promise<void> }> {
    const { month, from } = monthOf(new Date());
    if (!(await repo.takeChatMessage(this.db, { userId: actor.id, task: CHAT_TASK, month, from }, this.messagesPerMonth))) {
      throw new AppError('CHAT_LIMIT_REACHED', 429, 'chat.limitReached', { params: { limit: this.messagesPerMonth } });
    }
    const giveBack = () => repo.giveBackChatMessage(this.db, actor.id, month);
    let reservation: Reservation;
    try {
      reservation = await this.meter.reserve(actor.organisationId, estimateTokens(promptChars, SYSTEM_ALLOWANCE + OUTPUT_ALLOWANCE.chat));
    } catch (error) {
      await giveBack();
      throw error;
    }
    return {
      reservation,
      undo: async () => {
        await this.meter.release(reservation);
        await giveBack();
      },
    };
  }

  async list(actor: TUser): Promise<TConversationSummary[]> {
    return (await repo.listConversations(this.db, actor.id, LISTED)).map(summary);
  }

  async get(actor: TUser, id: string): Promise<TConversation> {
    const row = await repo.findConversation(this.db, actor.id, id);
    if (!row) throw conversationNotFound();
    return { ...summary(row), messages: (await repo.messages(this.db, row.id)).map(messageView) };
  }

  async remove(actor: TUser, id: string): Promise<void> {
    if (!(await repo.deleteConversation(this.db, actor.id, id))) throw conversationNotFound();
  }

  /**
   * POST /api/chat. The order matters: everything that can refuse the call (the assistant, the
   * conversation, the context and its rights, the provider, the limits) is checked before anything
   * is stored; then the user's message is stored before the model is asked, so it is never lost;
   * then the reply — complete, stopped by the user (the text so far), or failed.
   */
  async chat(
    actor: TUser,
    body: {
      message?: string | undefined;
      conversationHistory: { role: 'user' | 'assistant'; content: string }[];
      aiService: string;
      conversationId?: string | undefined;
      save: boolean;
      retry: boolean;
      context?: TChatContext | undefined;
    },
    call: ChatCall,
  ): Promise<TChatResponse> {
    const assistant = assistantBySlug(body.aiService);
    if (!assistant) throw unknownService();
    const conversation = body.conversationId ? await repo.findConversation(this.db, actor.id, body.conversationId) : undefined;
    if (body.conversationId && !conversation) throw conversationNotFound();
    if (conversation && conversation.service !== assistant.slug) throw new AppError('CHAT_SERVICE_MISMATCH', 400, 'chat.serviceMismatch');
    const where =
      body.context ??
      (conversation?.course_id
        ? { courseId: conversation.course_id, ...(conversation.lesson_id && { lessonId: conversation.lesson_id }) }
        : undefined);
    const context = where ? await loadContext(this.db, actor, where) : null;

    // The turns so far and the message to answer.
    const stored = conversation ? await repo.messages(this.db, conversation.id) : [];
    let question = (body.message ?? '').trim();
    let replaceMessageId: string | undefined;
    const turns = (rows: repo.MessageRow[]) =>
      rows.filter((m) => m.status !== 'failed').map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
    let history: { role: 'user' | 'assistant'; content: string }[];
    if (body.retry) {
      const last = stored.at(-1);
      if (last?.role === 'assistant') replaceMessageId = last.id;
      const asked = stored.findLast((m) => m.role === 'user');
      if (!asked) throw new AppError('CHAT_NOTHING_TO_RETRY', 400, 'chat.nothingToRetry');
      question = asked.content;
      history = turns(stored.slice(0, stored.indexOf(asked)));
    } else {
      history = conversation ? turns(stored) : body.conversationHistory;
    }

    if (!this.providers.configured) throw notConfigured(actor.role === 'admin');
    const turnsSent = recent(history);
    const admitted = await this.admit(actor, question.length + turnsSent.reduce((n, m) => n + String(m.content).length, 0));
    let conversationId: string | null = conversation?.id ?? null;
    let system: string;
    let passages: CoursePassage[] | null;
    const now = () => new Date().toISOString();
    try {
      passages = context && this.search ? await this.search(context.courseId, question, PASSAGES) : null;
      system = chatSystemPrompt(
        assistant,
        call.language,
        context,
        passages?.map((p, i) => ({ ...p, number: i + 1 }) satisfies PromptPassage) ?? null,
      );

      // A client gone already (Stop before the reply began) gets nothing stored: it could not learn the new conversation's id.
      if (call.signal.aborted) throw call.signal.reason;
      // Stored conversations: the user's message is kept before the model is asked.
      if (body.save && !conversation) {
        conversationId = newId();
        const at = now();
        await repo.insertConversation(this.db, {
          id: conversationId,
          organisation_id: actor.organisationId,
          user_id: actor.id,
          service: assistant.slug,
          title: titleOf(question),
          course_id: context?.courseId ?? null,
          lesson_id: context?.lesson?.id ?? null,
          message_count: 0,
          created_at: at,
          updated_at: at,
        });
      } else if (
        conversation &&
        body.context &&
        (conversation.course_id !== (context?.courseId ?? null) || conversation.lesson_id !== (context?.lesson?.id ?? null))
      ) {
        await repo.setConversationPlace(this.db, conversation.id, context?.courseId ?? null, context?.lesson?.id ?? null);
      }
      if (conversationId && !body.retry) {
        await repo.appendMessages(
          this.db,
          conversationId,
          [{ id: newId(), role: 'user', content: question, status: 'complete', sources: '[]', created_at: now() }],
          { now: now() },
        );
      }
      call.onStart?.({ conversationId, hintsOnly: context?.hintsOnly ?? false });
    } catch (error) {
      // The model was never asked: neither the tokens nor the message are spent.
      await admitted.undo();
      throw error;
    }

    let written = '';
    const keepReply = async (content: string, status: TChatMessage['status'], sources: TChatSource[]): Promise<string | null> => {
      if (!conversationId) return null;
      const id = newId();
      await repo.appendMessages(
        this.db,
        conversationId,
        [{ id, role: 'assistant', content, status, sources: JSON.stringify(sources), created_at: now() }],
        { replaceMessageId, now: now() },
      );
      return id;
    };
    let reply: string;
    try {
      const result = await this.ai.chat(
        CHAT_TASK,
        { system, messages: [...turnsSent, { role: 'user', content: question }] },
        {
          organisationId: actor.organisationId,
          userId: actor.id,
          isAdmin: actor.role === 'admin',
          language: call.language,
          signal: call.signal,
          reservation: admitted.reservation,
          onText: (delta) => {
            written += delta;
            call.onText?.(delta);
          },
        },
      );
      reply = result.text;
    } catch (error) {
      // Stopped by the user: the text so far is the reply. Anything else: the reply failed (the
      // widget shows its fixed apology in its place, and Retry replaces it).
      if (call.signal.aborted) await keepReply(written, 'stopped', []);
      else await keepReply('', 'failed', []);
      // A provider that fails the chat is a bad gateway (502); 503 means the service
      // itself is not available (no provider configured).
      if (error instanceof AppError && error.code === 'AI_PROVIDER_UNAVAILABLE')
        throw new AppError('AI_PROVIDER_FAILED', 502, 'ai.providerUnavailable', { headers: error.headers });
      throw error;
    }
    const sources = context && passages ? citedSources(reply, passages, context.courseId, context.role) : [];
    const messageId = await keepReply(reply, 'complete', sources);
    return {
      response: reply,
      timestamp: now(),
      serviceName: assistant.name,
      conversationId,
      messageId,
      sources,
      hintsOnly: context?.hintsOnly ?? false,
    };
  }
}
