import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { RunContext } from '../../../ai/run-task.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import { AppError } from '../../../http/errors.ts';

/**
 * How the insight calls run their AI tasks: in the course's language (not the request's — the
 * output is stored with the course or speaks about it), metered to the actor's company, and
 * stopped when the client goes away, since nobody would read the answer.
 */
export function runContext(actor: TUser, language: AiLanguage, signal: AbortSignal): RunContext {
  return { organisationId: actor.organisationId, userId: actor.id, isAdmin: actor.role === 'admin', language, signal };
}

/** A signal that aborts when the request's connection closes before the answer is sent. */
export function clientSignal(_request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new AppError('CLIENT_CLOSED', 499, 'ai.aborted'));
  });
  return controller.signal;
}
