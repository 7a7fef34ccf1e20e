import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAiServices, ZChatRequest, ZChatResponse, ZConversation, ZConversationList } from '../../../../shared/schemas/assistants.ts';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { eventStreamWriter, wantsEventStream } from '../../../ai/event-stream-answer.ts';
import { AppError } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requireAuth } from '../../../http/session.ts';
import type { AssistantsService } from './service.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['assistants'];
const E = ZErrorResponse;

/** The reply's language: the one the request asks for (the widget sends the interface's), else Danish. */
const languageOf = (request: FastifyRequest) => requestLanguage(request) ?? 'da';

/** The model stops when the client goes away (the widget's Stop): what it wrote so far is kept. */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new AppError('CLIENT_CLOSED', 499, 'ai.aborted'));
  });
  return controller.signal;
}

/** The three assistants, their chat and the stored conversations. */
export const assistantsRoutes: FastifyPluginAsyncZod<{ assistants: AssistantsService }> = async (app, { assistants }) => {
  noStoreByDefault(app);

  app.get(
    '/api/ai-services',
    {
      schema: {
        tags,
        summary:
          "The three assistants with name, description and available (anyone; for a visitor available is false with unavailableReason 'login_required', without a provider 'not_configured', past the company's tokens 'quota_exceeded', past the user's monthly messages 'limit_reached')",
        response: { 200: ZAiServices },
      },
    },
    async (request) => assistants.services(request.auth?.user ?? null, languageOf(request)),
  );

  app.post(
    '/api/chat',
    {
      schema: {
        tags,
        summary:
          "An assistant's reply to a message (signed-in users). Stateless with conversationHistory (the connection test), or a stored conversation: `save` starts one, `conversationId` continues one (its stored history is used), `retry` answers its last message again in place of the reply it had. `context` {courseId, lessonId?} grounds the reply in that course (the user's rights are checked: 404 otherwise); its passages are cited as [n] with `sources`. With Accept: text/event-stream: `start` {conversationId, hintsOnly}, `delta` {text} pieces, then `result` (the JSON answer) or `error` {status, code, message}; closing the connection stops the reply (a stored conversation keeps the text so far). 400 blank message or unknown aiService, 503 AI_NOT_CONFIGURED / AI_PROVIDER_UNAVAILABLE, 429 AI_QUOTA_EXCEEDED / CHAT_LIMIT_REACHED",
        body: ZChatRequest,
        response: { 200: ZChatResponse, 400: E, 401: E, 404: E, 429: E, 502: E, 503: E },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      const language = languageOf(request);
      const signal = abortOnClose(reply);
      if (!wantsEventStream(request)) return assistants.chat(actor, request.body, { language, signal });
      const stream = eventStreamWriter(request, reply);
      try {
        const result = await assistants.chat(actor, request.body, {
          language,
          signal,
          // The stream opens once nothing can refuse the call any more: refusals are plain HTTP errors.
          onStart: (start) => {
            stream.open();
            stream.send('start', start);
          },
          onText: (text) => stream.send('delta', { text }),
        });
        return stream.finish('result', result);
      } catch (error) {
        if (!stream.opened) throw error;
        return stream.fail(error);
      }
    },
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        tags,
        summary: "The signed-in user's latest conversations with the assistants, newest first (30)",
        response: { 200: ZConversationList, 401: E },
      },
    },
    async (request) => assistants.list(requireAuth(request).user),
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        tags,
        summary: "One of the user's conversations with its messages (another's is 404)",
        params: ZIdParams,
        response: { 200: ZConversation, 401: E, 404: E },
      },
    },
    async (request) => assistants.get(requireAuth(request).user, request.params.id),
  );

  app.delete(
    '/api/conversations/:id',
    {
      schema: {
        tags,
        summary: "Deletes one of the user's conversations and its messages from the database (another's is 404)",
        params: ZIdParams,
        response: { 204: z.null(), 401: E, 404: E },
      },
    },
    async (request, reply) => {
      await assistants.remove(requireAuth(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
