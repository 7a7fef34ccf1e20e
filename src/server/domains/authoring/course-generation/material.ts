import type { TipTapNode, TTextContent } from '../../../../shared/schemas/lesson-content.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import type { MaterialOutline } from '../../../ai/tasks/outline-from-material/prompt.ts';
import type { Db } from '../../../db/database.ts';

/**
 * A course generated from the teacher's own material: the material's numbered
 * sections (course-sources) given to the outline, the sections each lesson draws on given to that
 * lesson in full, and each lesson ending with the sections it cites, so a reader can check it.
 */
export interface MaterialSection {
  number: number;
  heading: string;
  locator: string;
  text: string;
}

export interface Material {
  id: string;
  title: string;
  sections: MaterialSection[];
}

/** At most this many sections (≤ 6,000 characters each) go to one lesson. */
const SECTIONS_PER_LESSON = 4;
const EXCERPT = 500;

export async function loadMaterial(db: Db, sourceId: string): Promise<Material | undefined> {
  const source = await db.selectFrom('course_sources').select(['id', 'title']).where('id', '=', sourceId).executeTakeFirst();
  if (!source) return undefined;
  const sections = await db
    .selectFrom('course_source_sections')
    .select(['number', 'heading', 'locator', 'text'])
    .where('source_id', '=', sourceId)
    .orderBy('number')
    .execute();
  return { id: source.id, title: source.title, sections };
}

export function outlineMaterial(material: Material): MaterialOutline {
  return {
    title: material.title,
    sections: material.sections.map((s) => ({
      number: s.number,
      heading: s.heading,
      locator: s.locator,
      excerpt: s.text.length > EXCERPT ? `${s.text.slice(0, EXCERPT)}…` : s.text,
    })),
  };
}

const words = (text: string) => new Set(text.toLocaleLowerCase().match(/\p{L}{4,}/gu) ?? []);

/**
 * The sections a lesson draws on: those the outline named for it, or — for a lesson the outline
 * did not come from (a template's, the teacher's own) — the sections sharing most words with its
 * title and summary.
 */
export function sectionsFor(
  material: Material,
  lesson: { title: string; summary: string },
  assigned: readonly number[] | undefined,
): MaterialSection[] {
  const named = (assigned ?? [])
    .map((n) => material.sections.find((s) => s.number === n))
    .filter((s): s is MaterialSection => s !== undefined);
  if (named.length > 0) return named.slice(0, SECTIONS_PER_LESSON);
  const wanted = words(`${lesson.title} ${lesson.summary}`);
  const scored = material.sections.map((s) => {
    const heading = words(s.heading);
    const body = words(s.text);
    let score = 0;
    for (const w of wanted) score += (heading.has(w) ? 3 : 0) + (body.has(w) ? 1 : 0);
    return { s, score };
  });
  const best = scored.filter((x) => x.score > 0).sort((a, b) => b.score - a.score || a.s.number - b.s.number);
  return (best.length > 0 ? best.map((x) => x.s) : material.sections).slice(0, SECTIONS_PER_LESSON).sort((a, b) => a.number - b.number);
}

const PLACE: Record<AiLanguage, Record<string, string>> = { da: { page: 'side', slide: 'dias' }, en: { page: 'page', slide: 'slide' } };

/** 'page:3-4' → 'side 3–4'; 'document' → ''. */
export function placeIn(locator: string, language: AiLanguage): string {
  const match = /^(page|slide):(\d+)(?:-(\d+))?$/.exec(locator);
  if (!match) return '';
  return `${PLACE[language][match[1]!]} ${match[2]}${match[3] ? `–${match[3]}` : ''}`;
}

const SOURCES: Record<AiLanguage, string> = { da: 'Kilder', en: 'Sources' };
const SECTION: Record<AiLanguage, string> = { da: 'Afsnit', en: 'Section' };

/** The lesson's document with a last section naming the material's sections it cites. */
export function withCitations(document: TTextContent, material: Material, cited: readonly number[], language: AiLanguage): TTextContent {
  const sections = [...new Set(cited)]
    .sort((a, b) => a - b)
    .map((n) => material.sections.find((s) => s.number === n))
    .filter((s): s is MaterialSection => s !== undefined);
  if (sections.length === 0) return document;
  const line = (s: MaterialSection) => {
    const place = placeIn(s.locator, language);
    return `${SECTION[language]} ${s.number}: ${s.heading}${place ? ` (${place})` : ''} – ${material.title}`;
  };
  const items: TipTapNode[] = sections.map((s) => ({
    type: 'listItem',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: line(s) }] }],
  }));
  return {
    ...document,
    content: [
      ...document.content,
      { type: 'heading', attrs: { level: 3, textAlign: null }, content: [{ type: 'text', text: SOURCES[language] }] },
      { type: 'bulletList', content: items },
    ],
  };
}
