import { type Selectable, sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';

/** The only SQL of the assistants' conversations (migration 017). */

export type ConversationRow = Selectable<Database['ai_conversations']>;
export type MessageRow = Selectable<Database['ai_messages']>;

/** A user's own conversation; another's (or none) is undefined. */
export async function findConversation(db: Db, userId: string, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('ai_conversations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function listConversations(db: Db, userId: string, limit: number): Promise<ConversationRow[]> {
  return db
    .selectFrom('ai_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function messages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db.selectFrom('ai_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('position').execute();
}

export async function insertConversation(db: Db, row: ConversationRow): Promise<void> {
  await db.insertInto('ai_conversations').values(row).execute();
}

/** Where the conversation is now held: the course and lesson a later message came from. */
export async function setConversationPlace(db: Db, id: string, courseId: string | null, lessonId: string | null): Promise<void> {
  await db.updateTable('ai_conversations').set({ course_id: courseId, lesson_id: lessonId }).where('id', '=', id).execute();
}

/**
 * Appends messages after the conversation's last one, optionally first removing its last reply
 * (a retry replaces it), in one transaction that also bumps the conversation.
 */
export async function appendMessages(
  db: Db,
  conversationId: string,
  rows: Omit<MessageRow, 'position' | 'conversation_id'>[],
  options: { replaceMessageId?: string | undefined; now: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Locks the conversation's row first, so two appends to one conversation take turns.
    await trx.updateTable('ai_conversations').set({ updated_at: options.now }).where('id', '=', conversationId).execute();
    if (options.replaceMessageId)
      await trx
        .deleteFrom('ai_messages')
        .where('id', '=', options.replaceMessageId)
        .where('conversation_id', '=', conversationId)
        .execute();
    const last = await trx
      .selectFrom('ai_messages')
      .select((eb) => eb.fn.max('position').as('n'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    let position = Number(last?.n ?? 0);
    if (rows.length > 0)
      await trx
        .insertInto('ai_messages')
        .values(rows.map((row) => ({ ...row, conversation_id: conversationId, position: ++position })))
        .execute();
    const count = await trx
      .selectFrom('ai_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('ai_conversations')
      .set({ message_count: Number(count.n) })
      .where('id', '=', conversationId)
      .execute();
  });
}

/** Deletes a user's conversation and its messages; false when it is not theirs (or gone). */
export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('ai_conversations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The chat runs a user made since `from`: what their messages this month were before the month's row counted them. */
export async function chatRunsSince(db: Db, userId: string, task: string, from: string): Promise<number> {
  const row = await db
    .selectFrom('ai_usage')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('task', '=', task)
    .where('created_at', '>=', from)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The messages a user sent the assistants in `month` (the row's, or their chat runs since `from` while it has none). */
export async function chatMessagesIn(db: Db, userId: string, task: string, month: string, from: string): Promise<number> {
  const row = await db
    .selectFrom('ai_chat_months')
    .select('messages')
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .executeTakeFirst();
  return row ? Number(row.messages) : chatRunsSince(db, userId, task, from);
}

/**
 * Counts one message against the user's monthly limit if they are under it: one conditional
 * UPDATE of the month's row, which parallel requests on any instance take in turn, so no more than
 * `limit` are ever accepted. The row is made on the month's first message, from the chat runs the
 * month already had. False at the limit.
 */
export async function takeChatMessage(
  db: Db,
  key: { userId: string; task: string; month: string; from: string },
  limit: number,
): Promise<boolean> {
  const take = () =>
    db
      .updateTable('ai_chat_months')
      .set((eb) => ({ messages: eb('messages', '+', 1) }))
      .where('user_id', '=', key.userId)
      .where('month', '=', key.month)
      .where('messages', '<', limit)
      .returning('messages')
      .executeTakeFirst();
  if (await take()) return true;
  await sql`insert into ai_chat_months (user_id, month, messages)
    select cast(${key.userId} as text), cast(${key.month} as text), count(*)
    from ai_usage where user_id = ${key.userId} and task = ${key.task} and created_at >= ${key.from}
    on conflict (user_id, month) do nothing`.execute(db);
  return (await take()) !== undefined;
}

/** Gives back a message counted for a chat that never reached the model. */
export async function giveBackChatMessage(db: Db, userId: string, month: string): Promise<void> {
  await db
    .updateTable('ai_chat_months')
    .set((eb) => ({ messages: eb('messages', '-', 1) }))
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .where('messages', '>', 0)
    .execute();
}
