import { z } from 'zod';

/**
 * A course from your own material: an uploaded file's text, split into numbered sections that a
 * generated course cites. Files up to the downloads' limit (100 MB) are read; what is kept is the
 * text, at most SOURCE_LIMITS.characters of it.
 */
export const SOURCE_FORMATS = ['pdf', 'docx', 'pptx', 'md', 'txt'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export const SOURCE_LIMITS = {
  bytes: 100 * 1024 * 1024,
  /** About 150 book pages: more than one course's worth would be summarised away anyway. */
  characters: 400_000,
  /** A section is what one lesson can cite and a prompt can carry whole. */
  sectionCharacters: 6_000,
  /** Shorter pieces are joined to the next, so a slide title alone is not a section. */
  minSectionCharacters: 400,
  /**
   * A DOCX or PPTX is a zip: the XML unpacked from it to read its text, and the entries it may
   * have. A zip bomb (a small file that unpacks to gigabytes) is refused here, not read.
   */
  unpackedBytes: 64 * 1024 * 1024,
  entries: 10_000,
  /** Reading one file may take this long before it is given up. */
  parseMs: 60_000,
} as const;

export const ZSourceSection = z.object({
  number: z.number().int().describe('1-based; what a lesson cites'),
  heading: z.string(),
  /** Where in the file: "Side 4", "Dias 2" / "Page 4", "Slide 2", or the heading it sits under. */
  locator: z.string(),
  characters: z.number().int(),
  /** The first few hundred characters, to show; the whole text is in GET …/sections/:number. */
  excerpt: z.string(),
});

export const ZCourseSource = z.object({
  id: z.string(),
  filename: z.string(),
  format: z.enum(SOURCE_FORMATS),
  bytes: z.number().int(),
  title: z.string(),
  characters: z.number().int(),
  sectionCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TCourseSource = z.infer<typeof ZCourseSource>;

export const ZCourseSourceDetail = ZCourseSource.extend({ sections: z.array(ZSourceSection) });
export type TCourseSourceDetail = z.infer<typeof ZCourseSourceDetail>;

export const ZSourceSectionText = ZSourceSection.omit({ excerpt: true }).extend({ text: z.string() });
export type TSourceSectionText = z.infer<typeof ZSourceSectionText>;

export const ZSourceSectionParams = z.object({ id: z.string().min(1).max(64), number: z.coerce.number().int().min(1).max(100_000) });
