import { z } from 'zod';

/**
 * A batch of a course's texts translated: each segment back under its own id, none
 * left out, none added. The ids are the batch's, so the schema is made per batch: the JSON schema
 * sent allows only those ids and exactly as many segments, and an answer that still loses, repeats
 * or invents a segment is invalid and re-asked like any other.
 */
export function translationSchema(ids: readonly string[]) {
  const expected = new Set(ids);
  const segment = z.object({
    id: z.enum([...ids] as [string, ...string[]]).describe('The id of the segment, exactly as given'),
    text: z.string().describe('The segment translated; empty only if the original is empty'),
  });
  return z.object({
    segments: z
      .array(segment)
      .min(ids.length)
      .max(ids.length)
      .superRefine((segments, ctx) => {
        const seen = new Set<string>();
        segments.forEach((segment, i) => {
          if (!expected.has(segment.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `no segment has the id ${segment.id}` });
          else if (seen.has(segment.id))
            ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `segment ${segment.id} is answered twice` });
          seen.add(segment.id);
        });
        const missing = ids.filter((id) => !seen.has(id));
        if (missing.length) ctx.addIssue({ code: 'custom', path: [], message: `segments missing: ${missing.slice(0, 20).join(', ')}` });
      })
      .describe('Every segment given, translated, each under its id'),
  });
}
export type TTranslation = z.infer<ReturnType<typeof translationSchema>>;
