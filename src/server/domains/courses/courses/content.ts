import { isMessageKey, type MessageKey } from '../../../../shared/i18n/messages.ts';
import {
  contentSchemas,
  UPLOAD_URL_PATTERN,
  type LessonContent,
  type LessonKind,
  type TDownloadContent,
  type TScormContent,
  type TipTapNode,
  type TTextContent,
  type TVideoContent,
} from '../../../../shared/schemas/lesson-content.ts';
import { AppError, type FieldMessage } from '../../../http/errors.ts';
import type { Executor } from './repository.ts';
import * as repo from './repository.ts';

/**
 * A lesson's content is checked against the fixed schema of its kind (lesson-content.ts) and
 * stored as what that schema gave back; anything outside it (a script node, a javascript: link,
 * an image from elsewhere) is refused with the field that is wrong.
 */
export function validateContent(kind: LessonKind, raw: unknown): LessonContent {
  // The node schema is recursive: a document nested thousands deep would exhaust the stack.
  if (jsonDepth(raw) > MAX_JSON_DEPTH) throw new AppError('VALIDATION', 400, 'course.content', { fields: { content: 'course.content' } });
  const result = contentSchemas[kind].safeParse(raw);
  if (result.success) return result.data;
  const fields: Record<string, FieldMessage> = {};
  for (const issue of result.error.issues.slice(0, 20)) {
    const field = ['content', ...issue.path.map(String)].join('.');
    fields[field] ??= isMessageKey(issue.message) ? (issue.message as MessageKey) : 'course.content';
  }
  throw new AppError('VALIDATION', 400, 'course.content', { fields });
}

/** Far deeper than any real lesson (a list in a list … is two levels a step), far shallower than the stack. */
const MAX_JSON_DEPTH = 120;

/** How deeply arrays and objects nest in a JSON value, counted without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;

type UploadKind = 'image' | 'video' | 'download';
interface UploadReference {
  id: string;
  kind: UploadKind;
  field: string;
}

function imagesIn(nodes: TipTapNode[] | undefined, path: string, out: UploadReference[]): void {
  nodes?.forEach((node, i) => {
    const here = `${path}.${i}`;
    const src = node.type === 'image' ? node.attrs?.src : undefined;
    if (typeof src === 'string' && UPLOAD_URL_PATTERN.test(src))
      out.push({ id: src.slice('/api/uploads/'.length), kind: 'image', field: `${here}.attrs.src` });
    imagesIn(node.content, `${here}.content`, out);
  });
}

/** Every upload the content points at, with the kind it must be and where it is named. */
export function uploadReferences(kind: LessonKind, content: LessonContent): UploadReference[] {
  const out: UploadReference[] = [];
  const notes = (doc: TTextContent | undefined) => imagesIn(doc?.content, 'content.notes.content', out);
  switch (kind) {
    case 'text':
      imagesIn((content as TTextContent).content, 'content.content', out);
      break;
    case 'video': {
      const video = content as TVideoContent;
      if (video.video?.source === 'upload') out.push({ id: video.video.uploadId, kind: 'video', field: 'content.video.uploadId' });
      notes(video.notes);
      break;
    }
    case 'download': {
      const download = content as TDownloadContent;
      download.files.forEach((f, i) => out.push({ id: f.uploadId, kind: 'download', field: `content.files.${i}.uploadId` }));
      notes(download.notes);
      break;
    }
    case 'quiz':
    case 'scorm':
      break;
  }
  return out;
}

/** Refuses references to anything but uploads of this course of the right kind. */
export async function assertUploadsOfCourse(
  db: Executor,
  courseId: string,
  refs: { id: string; kind: UploadKind; field: string }[],
): Promise<void> {
  if (refs.length === 0) return;
  // Only what could be an upload id is looked up (a NUL byte, say, is refused by PostgreSQL itself).
  const ids = [...new Set(refs.map((r) => r.id))].filter((id) => UPLOAD_ID.test(id));
  const found = new Map((await repo.findCourseUploads(db, courseId, ids)).map((u) => [u.id, u.kind]));
  const fields: Record<string, FieldMessage> = {};
  for (const ref of refs) if (found.get(ref.id) !== ref.kind) fields[ref.field] = 'course.uploadNotFound';
  if (Object.keys(fields).length > 0) throw new AppError('UPLOAD_NOT_FOUND', 400, 'course.uploadNotFound', { fields });
}

/**
 * Refuses SCORM content that does not open a file of one of the course's own packages
 * (docs/decisions/065-scorm-player.md): a lesson may be retitled, never pointed elsewhere.
 */
export async function assertScormOfCourse(db: Executor, courseId: string, content: TScormContent): Promise<void> {
  const cut = content.launch.search(/[?#]/);
  const path = cut < 0 ? content.launch : content.launch.slice(0, cut);
  const held = await db
    .selectFrom('scorm_files')
    .innerJoin('scorm_packages', 'scorm_packages.id', 'scorm_files.package_id')
    .select('scorm_files.package_id')
    .where('scorm_packages.course_id', '=', courseId)
    .where('scorm_files.package_id', '=', content.packageId)
    .where('scorm_files.path', '=', path)
    .executeTakeFirst();
  if (!held) throw new AppError('VALIDATION', 400, 'scorm.packageNotFound', { fields: { 'content.packageId': 'scorm.packageNotFound' } });
}
