import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { contentSchemas, type LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import type { Storage } from '../../../storage/index.ts';
import { courseFor } from '../courses/access.ts';
import { findLessonContents } from '../courses/repository.ts';
import { siteUrl } from '../courses/serialise.ts';
import { documentImages } from './html.ts';
import { manifestXml, type ExportFormat } from './manifest.ts';
import { indexHtml, type ExportLesson, type ExportModule } from './page.ts';
import { courseUploads, type ExportUpload } from './repository.ts';
import { PACKAGE_WORDING } from './wording.ts';

const ASSETS = path.join(import.meta.dirname, 'assets');
/** The package's script and style, read once: they are the same in every export. */
let assets: { js: Uint8Array; css: Uint8Array } | undefined;
const packageAssets = () =>
  (assets ??= { js: readFileSync(path.join(ASSETS, 'kursa.js')), css: readFileSync(path.join(ASSETS, 'kursa.css')) });

const encoder = new TextEncoder();

const drained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done).off('close', done);
      resolve();
    };
    out.once('drain', done).once('close', done);
  });

/** `media/<id>.<ext>`: the upload's id keeps names apart, its extension keeps the type. */
function mediaPath(upload: ExportUpload): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(upload.originalName)?.[1]?.toLowerCase();
  return `media/${upload.id}${ext ? `.${ext}` : ''}`;
}

function parseLesson(row: { title: string; kind: LessonKind; content: string }): ExportLesson | null {
  if (row.kind === 'scorm') return { kind: 'scorm', title: row.title };
  let json: unknown;
  try {
    json = JSON.parse(row.content);
  } catch {
    return null;
  }
  const parsed = contentSchemas[row.kind].safeParse(json);
  // Content the schema refuses now (an older shape) is left out rather than exported broken.
  return parsed.success ? ({ kind: row.kind, title: row.title, content: parsed.data } as ExportLesson) : null;
}

function uploadsUsed(lesson: ExportLesson): string[] {
  switch (lesson.kind) {
    case 'text':
      return documentImages(lesson.content);
    case 'video':
      return [
        ...(lesson.content.video?.source === 'upload' ? [lesson.content.video.uploadId] : []),
        ...documentImages(lesson.content.notes),
      ];
    case 'download':
      return [...lesson.content.files.map((f) => f.uploadId), ...documentImages(lesson.content.notes)];
    default:
      return [];
  }
}

/**
 * Any course as a SCORM package another LMS plays (docs/decisions/066-scorm-export.md): the
 * builder's current content, each lesson a section of one static page with the course's own
 * uploads beside it, quizzes graded in the package. The ZIP is streamed: the media are copied
 * from storage one after another, never held whole in memory.
 */
export class ScormExportService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly publicUrl: string,
  ) {}

  async export(actor: TUser, courseId: string, format: ExportFormat): Promise<{ fileName: string; body: Readable; missing: string[] }> {
    const course = await courseFor(this.db, actor, courseId);
    const [rows, uploads] = await Promise.all([findLessonContents(this.db, course.id), courseUploads(this.db, course.id)]);
    const modules: ExportModule[] = [];
    const byModule = new Map<string, ExportModule>();
    for (const row of rows) {
      const lesson = parseLesson(row);
      if (!lesson) continue;
      let module = byModule.get(row.module_id);
      if (!module) {
        module = { title: row.module_title, lessons: [] };
        byModule.set(row.module_id, module);
        modules.push(module);
      }
      module.lessons.push(lesson);
    }
    const used = new Set(modules.flatMap((m) => m.lessons.flatMap(uploadsUsed)));
    // A file gone from storage is left out (its lesson shows what remains), so the ZIP never
    // breaks off halfway; the route logs which ones.
    const wanted = uploads.filter((u) => used.has(u.id));
    const stored = await Promise.all(wanted.map(async (u) => (await this.storage.head(u.storageKey)) !== null));
    const missing = wanted.filter((_, i) => !stored[i]).map((u) => u.id);
    const media = new Map(wanted.filter((_, i) => stored[i]).map((u) => [u.id, u]));
    const courseUrl = siteUrl(this.publicUrl, course.subdomain, course.slug);
    const language = course.language === 'en' ? 'en' : 'da';
    const html = indexHtml(
      { title: course.title, language, modules },
      {
        media: (id) => {
          const upload = media.get(id);
          return upload ? mediaPath(upload) : null;
        },
        fileName: (id) => media.get(id)?.originalName ?? id,
        link: (href) => (href.startsWith('/') ? (courseUrl ? new URL(href, courseUrl).href : null) : href),
      },
      PACKAGE_WORDING[language],
    );
    const { js, css } = packageAssets();
    const texts: [string, Uint8Array][] = [
      ['index.html', encoder.encode(html)],
      ['kursa.js', js],
      ['kursa.css', css],
    ];
    const files = [...texts.map(([name]) => name), ...[...media.values()].map(mediaPath)];
    const manifest = manifestXml(format, `kursa-${course.id}`, course.title, files);
    const slug = course.slug || 'course';
    return {
      fileName: `${slug}-${format}.zip`,
      missing,
      body: this.zip([['imsmanifest.xml', encoder.encode(manifest)], ...texts], [...media.values()]),
    };
  }

  /** Text files deflated, media stored as they are (already compressed), written as they are read. */
  private zip(texts: [string, Uint8Array][], media: ExportUpload[]): Readable {
    const out = new PassThrough();
    const zip = new Zip((error, chunk, final) => {
      if (error) {
        out.destroy(error);
        return;
      }
      out.write(chunk);
      if (final) out.end();
    });
    const run = async () => {
      for (const [name, bytes] of texts) {
        const file = new ZipDeflate(name, { level: 6 });
        zip.add(file);
        file.push(bytes, true);
      }
      for (const upload of media) {
        const file = new ZipPassThrough(mediaPath(upload));
        zip.add(file);
        const stream = await this.storage.get(upload.storageKey);
        for await (const chunk of stream) {
          // A download given up (the connection closed) stops the copying and releases the file.
          if (out.destroyed) {
            stream.destroy();
            return;
          }
          file.push(chunk as Uint8Array);
          if (out.writableNeedDrain) await drained(out);
        }
        file.push(new Uint8Array(0), true);
      }
      zip.end();
    };
    run().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }
}
