import {
  SOURCE_LIMITS,
  type TCourseSource,
  type TCourseSourceDetail,
  type TSourceSectionText,
} from '../../../../shared/schemas/course-sources.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { assertBuilder } from '../../courses/index.ts';
import { detectFormat, extract } from './extract.ts';
import * as repo from './repository.ts';
import { toSections } from './sections.ts';

const notFound = () => new AppError('NOT_FOUND', 404, 'source.notFound');
const EXCERPT = 280;

function view(row: repo.SourceRow): TCourseSource {
  return {
    id: row.id,
    filename: row.filename,
    format: row.format as TCourseSource['format'],
    bytes: row.bytes,
    title: row.title,
    characters: row.characters,
    sectionCount: row.section_count,
    createdAt: row.created_at,
    createdBy: row.user_id,
  };
}

/** "Arbejdsmiljø – håndbog 2026.docx" → "Arbejdsmiljø – håndbog 2026". */
function titleFromName(filename: string): string {
  return (
    filename
      .replace(/\.[a-z0-9]{1,8}$/i, '')
      .replace(/[_]+/g, ' ')
      .trim()
      .slice(0, 200) || filename
  );
}

/**
 * Material a course is generated from. An admin or instructor uploads a file; its
 * text is read and split into numbered sections at once, so a bad file is refused while the
 * uploader waits, and what is stored is exactly what a generation will be grounded in. Like a
 * course, material is seen by the company's admins and by the instructor who uploaded it;
 * anyone else is told it does not exist.
 */
export class CourseSourcesService {
  constructor(private readonly db: Db) {}

  async create(actor: TUser, file: { filename: string; bytes: Buffer }): Promise<TCourseSourceDetail> {
    assertBuilder(actor);
    const format = await detectFormat(file.bytes, file.filename);
    const extracted = await extract(file.bytes, format, AbortSignal.timeout(SOURCE_LIMITS.parseMs));
    const title = extracted.title ?? titleFromName(file.filename);
    const sections = toSections(extracted.blocks, title);
    const characters = sections.reduce((sum, s) => sum + s.text.length, 0);
    if (characters === 0) throw new AppError('SOURCE_EMPTY', 422, 'source.noText');
    if (characters > SOURCE_LIMITS.characters) {
      throw new AppError('SOURCE_TOO_LONG', 422, 'source.tooMuchText', {
        params: { characters: SOURCE_LIMITS.characters.toLocaleString('da-DK') },
      });
    }
    const row: repo.SourceRow = {
      id: newId(),
      organisation_id: actor.organisationId,
      user_id: actor.id,
      filename: file.filename.slice(0, 255),
      format,
      bytes: file.bytes.length,
      title,
      characters,
      section_count: sections.length,
      created_at: new Date().toISOString(),
    };
    await this.db.transaction().execute((trx) => repo.insertSource(trx, row, sections));
    return this.get(actor, row.id);
  }

  /** The source if the actor may use it; 404 otherwise (never "it exists but is not yours"). */
  async usable(actor: TUser, id: string): Promise<repo.SourceRow> {
    assertBuilder(actor);
    const row = await repo.findSource(this.db, id);
    if (!row || row.organisation_id !== actor.organisationId) throw notFound();
    if (actor.role !== 'admin' && row.user_id !== actor.id) throw notFound();
    return row;
  }

  async list(actor: TUser): Promise<TCourseSource[]> {
    assertBuilder(actor);
    const rows = await repo.listSources(this.db, actor.organisationId, actor.role === 'admin' ? null : actor.id);
    return rows.map(view);
  }

  async get(actor: TUser, id: string): Promise<TCourseSourceDetail> {
    const row = await this.usable(actor, id);
    const sections = await repo.listSections(this.db, id);
    return {
      ...view(row),
      sections: sections.map((s) => ({
        number: s.number,
        heading: s.heading,
        locator: s.locator,
        characters: s.characters,
        excerpt: s.text.length > EXCERPT ? `${s.text.slice(0, EXCERPT).trimEnd()}…` : s.text,
      })),
    };
  }

  async section(actor: TUser, id: string, number: number): Promise<TSourceSectionText> {
    await this.usable(actor, id);
    const s = await repo.findSection(this.db, id, number);
    if (!s) throw notFound();
    return { number: s.number, heading: s.heading, locator: s.locator, characters: s.characters, text: s.text };
  }

  /** All sections' text, for a generation grounded in the material. */
  async sectionsFor(actor: TUser, id: string) {
    const row = await this.usable(actor, id);
    return { source: view(row), sections: await repo.listSections(this.db, id) };
  }

  async remove(actor: TUser, id: string): Promise<void> {
    await this.usable(actor, id);
    await this.db.transaction().execute((trx) => repo.deleteSource(trx, id));
  }
}
