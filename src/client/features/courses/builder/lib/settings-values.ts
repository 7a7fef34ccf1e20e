import type { z } from 'zod';
import { ZCourseFields, type TCourse } from '@shared/schemas/courses.ts';

export type TCourseFields = z.infer<typeof ZCourseFields>;
type FieldName = keyof TCourseFields;

/** The settings form as typed: numbers and lists as the inputs hold them, price in kroner. */
export interface SettingsValues {
  title: string;
  subtitle: string;
  description: string;
  category: TCourseFields['category'];
  level: TCourseFields['level'];
  language: TCourseFields['language'];
  /** The tags shown as chips. */
  tags: string[];
  /** Text typed in the tags field that is not a chip yet; saved as a tag all the same. */
  tagDraft: string;
  thumbnailUploadId: string | null;
  learningObjectives: { value: string }[];
  targetAudience: string;
  duration: string;
  pricing: TCourseFields['pricing'];
  price: string;
  currency: TCourseFields['currency'];
  visibility: TCourseFields['visibility'];
}

export type SettingsField = keyof SettingsValues | `learningObjectives.${number}.value`;

/** `tags` with the comma-separated `text` added: trimmed, without empties or repeats (case-insensitive). */
export function mergeTags(tags: readonly string[], text: string): string[] {
  const merged = [...tags];
  const seen = new Set(tags.map((tag) => tag.toLocaleLowerCase()));
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag === '' || seen.has(tag.toLocaleLowerCase())) continue;
    seen.add(tag.toLocaleLowerCase());
    merged.push(tag);
  }
  return merged;
}

/** Minor units → '499' or '499,50' (the decimal separator of the language). */
export function formatMajor(minor: number, decimal: ',' | '.'): string {
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents === 0 ? String(whole) : `${whole}${decimal}${String(cents).padStart(2, '0')}`;
}

/** '1.499,50', '1499.5', '1 499' → minor units; NaN for anything that is not an amount. */
export function parseMajor(text: string): number {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (compact === '') return 0;
  const match = /^(\d{1,3}(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return Number.NaN;
  const whole = Number((match[1] ?? '0').replace(/[.,]/g, ''));
  const fraction = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return whole * 100 + fraction;
}

export function valuesFromCourse(course: TCourse, decimal: ',' | '.'): SettingsValues {
  return {
    title: course.title,
    subtitle: course.subtitle,
    description: course.description,
    category: course.category,
    level: course.level,
    language: course.language,
    tags: course.tags,
    tagDraft: '',
    thumbnailUploadId: course.thumbnailUploadId,
    learningObjectives: course.learningObjectives.map((value) => ({ value })),
    targetAudience: course.targetAudience,
    duration: course.durationMinutes === null ? '' : String(course.durationMinutes),
    pricing: course.pricing,
    price: formatMajor(course.price, decimal),
    currency: course.currency,
    visibility: course.visibility,
  };
}

/** The form's values over the API's fields (used to apply a restored edit to the form). */
export function applyFields(values: SettingsValues, fields: Partial<TCourseFields>, decimal: ',' | '.'): SettingsValues {
  const next = { ...values };
  for (const [name, value] of Object.entries(fields) as [FieldName, unknown][]) {
    if (name === 'tags') {
      next.tags = value as string[];
      next.tagDraft = '';
    } else if (name === 'learningObjectives') next.learningObjectives = (value as string[]).map((v) => ({ value: v }));
    else if (name === 'durationMinutes') next.duration = value === null ? '' : String(value);
    else if (name === 'price') next.price = formatMajor(value as number, decimal);
    else (next as Record<string, unknown>)[name] = value;
  }
  return next;
}

export type ParseResult = { ok: true; fields: TCourseFields } | { ok: false; errors: Partial<Record<SettingsField, string>> };

const formField = (name: FieldName): keyof SettingsValues => (name === 'durationMinutes' ? 'duration' : name);

/** The form's values as the API's fields, checked by the shared schema (message keys as errors). */
export function parseSettings(values: SettingsValues): ParseResult {
  const errors: Partial<Record<SettingsField, string>> = {};
  const price = parseMajor(values.price);
  const durationText = values.duration.trim();
  const duration = durationText === '' ? null : Number(durationText);
  if (Number.isNaN(price)) errors.price = 'course.price';
  if (durationText !== '' && !/^\d+$/.test(durationText)) errors.duration = 'course.duration';
  const candidate = {
    title: values.title,
    subtitle: values.subtitle,
    description: values.description,
    category: values.category,
    level: values.level,
    language: values.language,
    tags: mergeTags(values.tags, values.tagDraft),
    thumbnailUploadId: values.thumbnailUploadId,
    learningObjectives: values.learningObjectives.map((o) => o.value.trim()).filter(Boolean),
    targetAudience: values.targetAudience,
    durationMinutes: duration,
    pricing: values.pricing,
    price: values.pricing === 'free' || Number.isNaN(price) ? 0 : price,
    currency: values.currency,
    visibility: values.visibility,
  };
  const parsed = ZCourseFields.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index] = issue.path as [FieldName, number | undefined];
      const name: SettingsField =
        head === 'learningObjectives' && typeof index === 'number' ? `learningObjectives.${index}.value` : formField(head);
      errors[name] ??= head === 'durationMinutes' ? 'course.duration' : issue.message;
    }
  }
  if (values.pricing === 'paid' && !errors.price && price <= 0) errors.price = 'course.paidNeedsPrice';
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, fields: parsed.data };
}

/** The fields of `next` that differ from `base`. */
export function changedFields(base: TCourseFields, next: TCourseFields): Partial<TCourseFields> {
  const patch: Partial<TCourseFields> = {};
  for (const name of Object.keys(next) as FieldName[]) {
    if (JSON.stringify(base[name]) !== JSON.stringify(next[name])) (patch as Record<string, unknown>)[name] = next[name];
  }
  return patch;
}

export function fieldsOf(course: TCourse): TCourseFields {
  return {
    title: course.title,
    subtitle: course.subtitle,
    description: course.description,
    category: course.category,
    level: course.level,
    language: course.language,
    tags: course.tags,
    thumbnailUploadId: course.thumbnailUploadId,
    learningObjectives: course.learningObjectives,
    targetAudience: course.targetAudience,
    durationMinutes: course.durationMinutes,
    pricing: course.pricing,
    price: course.price,
    currency: course.currency,
    visibility: course.visibility,
  };
}
