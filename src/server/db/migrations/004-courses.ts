import { sql, type Kysely } from 'kysely';

/**
 * Courses: course → modules → lessons, lesson revisions, uploaded media, and each
 * company's subdomain. Written by the manual builder now and by the AI course creator next, so a
 * lesson records its format (one of the six LESSON_FORMATS) and where it came from. Lists and JSON
 * are text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The company's own site: {subdomain}.{host of PUBLIC_URL}. Null until chosen.
  await db.schema.alterTable('organisations').addColumn('subdomain', 'text').execute();
  await db.schema.createIndex('organisations_subdomain_idx').unique().on('organisations').column('subdomain').execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // The instructor or admin who owns it. A user who leaves takes no course with them: restrict.
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('title', 'text', (c) => c.notNull())
    // Unique across companies: the catalogue serves /courses/:slug for every company's courses.
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('thumbnail_upload_id', 'text')
    .addColumn('learning_objectives', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('target_audience', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_minutes', 'integer')
    .addColumn('pricing', 'text', (c) => c.notNull().defaultTo('free'))
    // Minor units (øre, cents); 0 when free.
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('DKK'))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('published_at', 'text')
    // 'manual' or 'ai' (the creator), with the generator and model that wrote it.
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('source_model', 'text')
    // Optimistic concurrency: every write to the course or its outline bumps it.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('courses_category_check', sql`category in ('business', 'technology', 'design', 'leadership', 'analytics')`)
    .addCheckConstraint('courses_level_check', sql`level in ('beginner', 'intermediate', 'advanced')`)
    .addCheckConstraint('courses_language_check', sql`language in ('da', 'en')`)
    .addCheckConstraint('courses_pricing_check', sql`pricing in ('free', 'paid')`)
    .addCheckConstraint('courses_currency_check', sql`currency in ('DKK', 'EUR', 'USD')`)
    .addCheckConstraint('courses_visibility_check', sql`visibility in ('public', 'unlisted', 'private')`)
    .addCheckConstraint('courses_status_check', sql`status in ('draft', 'published', 'archived')`)
    .addCheckConstraint('courses_price_check', sql`price >= 0`)
    .execute();
  await db.schema.createIndex('courses_organisation_idx').on('courses').columns(['organisation_id', 'status', 'updated_at']).execute();
  await db.schema.createIndex('courses_owner_idx').on('courses').column('owner_id').execute();
  await db.schema.createIndex('courses_catalogue_idx').on('courses').columns(['status', 'visibility', 'published_at']).execute();

  await db.schema
    .createTable('course_modules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_modules_course_idx').on('course_modules').columns(['course_id', 'position']).execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('module_id', 'text', (c) => c.notNull().references('course_modules.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON whose shape the kind decides (src/shared/schemas/lesson-content.ts); text is TipTap JSON.
    .addColumn('content', 'text', (c) => c.notNull())
    // One of the six generated formats (LESSON_FORMATS), or null for a lesson written by hand.
    .addColumn('format', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('source_model', 'text')
    .addColumn('duration_minutes', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('lessons_kind_check', sql`kind in ('text', 'video', 'quiz', 'download')`)
    .addCheckConstraint('lessons_source_check', sql`source in ('manual', 'ai')`)
    .execute();
  await db.schema.createIndex('lessons_module_idx').on('lessons').columns(['module_id', 'position']).execute();
  await db.schema.createIndex('lessons_course_idx').on('lessons').column('course_id').execute();

  // The last 20 saved states of each lesson (the service prunes older ones).
  await db.schema
    .createTable('lesson_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lesson_revisions_lesson_idx').on('lesson_revisions').columns(['lesson_id', 'version']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // The course whose media it is: who may see the course may see the file.
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // 'image' | 'video' | 'download'
    .addColumn('kind', 'text', (c) => c.notNull())
    // The type read from the file's bytes, never the name's.
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    // As the user named it, for Content-Disposition; storage uses `storage_key`, made by the server.
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('uploads_kind_check', sql`kind in ('image', 'video', 'download')`)
    .execute();
  await db.schema.createIndex('uploads_course_idx').on('uploads').column('course_id').execute();
  await db.schema.createIndex('uploads_organisation_idx').on('uploads').column('organisation_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['uploads', 'lesson_revisions', 'lessons', 'course_modules', 'courses']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('organisations_subdomain_idx').ifExists().execute();
  await db.schema.alterTable('organisations').dropColumn('subdomain').execute();
}
