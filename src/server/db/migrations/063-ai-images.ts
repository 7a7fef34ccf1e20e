import type { Kysely } from 'kysely';

/**
 * Where an upload came from (docs/decisions/068-ai-images.md): `origin` 'upload' (a person's file)
 * or 'ai' (drawn by the configured image model), with what the model was asked (`ai_prompt`), which
 * provider and model drew it, what it was made for (`ai_target`: 'cover' or a lesson's id) and its
 * alt text (`alt_text`: the model's description, editable).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('upload'))
    .execute();
  for (const column of ['alt_text', 'ai_prompt', 'ai_provider', 'ai_model', 'ai_target'])
    await db.schema.alterTable('uploads').addColumn(column, 'text').execute();
  await db.schema.createIndex('uploads_course_origin_idx').on('uploads').columns(['course_id', 'origin', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_course_origin_idx').ifExists().execute();
  for (const column of ['ai_target', 'ai_model', 'ai_provider', 'ai_prompt', 'alt_text', 'origin'])
    await db.schema.alterTable('uploads').dropColumn(column).execute();
}
