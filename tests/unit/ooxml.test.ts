import { describe, expect, it } from 'vitest';
import { SOURCE_LIMITS } from '../../src/shared/schemas/course-sources.ts';
import { docxText } from '../../src/server/domains/authoring/course-sources/ooxml.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { docxBomb } from '../helpers/docx-bomb.mjs';

// The DOCX reader's bound on unpacked bytes when a zip's headers lie about the size: only counting
// the bytes as they unpack can stop it. Read without a deadline, so a busy machine changes nothing
// but how long it takes.
describe('reading a zip bomb whose headers lie', () => {
  it('stops past SOURCE_LIMITS.unpackedBytes with SOURCE_UNPACKS_TOO_LARGE', async () => {
    const bomb = docxBomb(SOURCE_LIMITS.unpackedBytes + 1024 * 1024, { declared: 'lie' });
    const error = await docxText(bomb, new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'SOURCE_UNPACKS_TOO_LARGE', status: 422 });
  }, 600_000);

  it('reads the same XML when it stays within the bound', async () => {
    // Empty paragraphs only: nothing to keep, and no refusal.
    const { blocks } = await docxText(docxBomb(4 * 1024 * 1024, { declared: 'lie' }), new AbortController().signal);
    expect(blocks).toEqual([]);
  }, 600_000);
});
