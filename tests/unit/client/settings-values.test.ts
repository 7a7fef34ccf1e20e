import { describe, expect, it } from 'vitest';
import { mergeTags, parseSettings, type SettingsValues } from '@/features/courses/builder/lib/settings-values';

const values = (patch: Partial<SettingsValues>): SettingsValues => ({
  title: 'Mødeledelse',
  subtitle: '',
  description: '',
  category: 'business',
  level: 'beginner',
  language: 'da',
  tags: [],
  tagDraft: '',
  thumbnailUploadId: null,
  learningObjectives: [],
  targetAudience: '',
  duration: '',
  pricing: 'free',
  price: '0',
  currency: 'DKK',
  visibility: 'public',
  ...patch,
});

describe('mergeTags', () => {
  it('adds comma-separated text, trimmed, without empties or repeats in any case', () => {
    expect(mergeTags(['Møder'], ' facilitering , ,MØDER, referat ')).toEqual(['Møder', 'facilitering', 'referat']);
  });

  it('leaves the list alone for blank text', () => {
    expect(mergeTags(['a'], '  ,  ')).toEqual(['a']);
  });
});

describe('parseSettings and tags', () => {
  it('saves the text typed in the tags field with the chips, before it becomes a chip', () => {
    const result = parseSettings(values({ tags: ['møder'], tagDraft: 'facilitering' }));
    expect(result).toMatchObject({ ok: true, fields: { tags: ['møder', 'facilitering'] } });
  });

  it('reports a tag over the length limit on the tags field', () => {
    const result = parseSettings(values({ tags: ['x'.repeat(200)] }));
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.errors).toHaveProperty('tags');
  });
});
