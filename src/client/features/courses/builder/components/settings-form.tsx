import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  CURRENCIES,
  PRICINGS,
  VISIBILITIES,
  type TCourse,
} from '@shared/schemas/courses.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputClasses, Textarea } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { currentLanguage, i18n } from '@/lib/i18n';
import { getCourse, updateCourse } from '../api/courses';
import { forgetStoredEdit, isVersionConflict, readStoredEdit } from '../lib/save-queue';
import {
  applyFields,
  changedFields,
  fieldsOf,
  parseSettings,
  valuesFromCourse,
  type SettingsField,
  type SettingsValues,
  type TCourseFields,
} from '../lib/settings-values';
import { storageKeys, useBuilder, useSaveQueue } from './builder-context';
import { ConflictNotice } from './conflict-notice';
import { RestoredNotice } from './restored-notice';
import { TagsInput } from './tags-input';
import { ThumbnailField } from './thumbnail-field';

type Patch = Partial<TCourseFields>;
const merge = (older: Patch, newer: Patch): Patch => ({ ...older, ...newer });

function Select({
  registration,
  options,
  control,
}: {
  registration: UseFormRegisterReturn;
  options: { value: string; label: string }[];
  control: object;
}) {
  return (
    <select {...control} {...registration} className={inputClasses}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Every setting of the course (ZCourseFields), saved as it is typed. `focusThumbnail`: the cover's
 * file field takes the focus as the form appears (the builder opened to add a cover).
 */
export function SettingsForm({ course, focusThumbnail = false }: { course: TCourse; focusThumbnail?: boolean }) {
  const { t } = useTranslation('builder');
  const { t: tm } = useTranslation('messages');
  const { courseId, writer, readOnly } = useBuilder();
  const queryClient = useQueryClient();
  const decimal = currentLanguage() === 'da' ? ',' : '.';
  const key = storageKeys.settings(courseId);
  // An edit kept from an earlier visit, unless the server already has it (a save that went out as the page closed).
  const [restored] = useState(() => {
    const stored = readStoredEdit<Patch>(key);
    if (stored && Object.keys(changedFields(fieldsOf(course), { ...fieldsOf(course), ...stored.value })).length === 0) {
      forgetStoredEdit(key);
      return null;
    }
    return stored;
  });
  const baseRef = useRef<number | null>(restored?.base ?? null);
  const baseline = useRef<TCourseFields>(fieldsOf(course));

  const form = useForm<SettingsValues>({
    defaultValues: restored ? applyFields(valuesFromCourse(course, decimal), restored.value, decimal) : valuesFromCourse(course, decimal),
  });
  const objectives = useFieldArray({ control: form.control, name: 'learningObjectives' });
  const [serverError, setServerError] = useState<string | undefined>();

  const { queue, snapshot } = useSaveQueue<Patch>(key, {
    merge,
    send: async (patch) => {
      // A restored edit is sent with the version it was made on, so a change made elsewhere since is a conflict.
      const base = baseRef.current;
      try {
        await writer.run((version) => updateCourse(courseId, { ...patch, version: base ?? version }));
        baseRef.current = null;
        setServerError(undefined);
      } catch (error) {
        if (isApiError(error) && !isVersionConflict(error) && error.status < 500) {
          setServerError(serverMessage(error));
          for (const [field, message] of Object.entries(error.body?.errors ?? {})) {
            form.setError((field === 'durationMinutes' ? 'duration' : field) as SettingsField, { type: 'server', message });
          }
        }
        throw error;
      }
    },
  });

  // A restored edit goes out at once.
  const restoredOnce = useRef(false);
  useEffect(() => {
    if (!restored || restoredOnce.current) return;
    restoredOnce.current = true;
    baseline.current = { ...baseline.current, ...restored.value };
    queue.schedule(restored.value, restored.base);
    void queue.flush();
  }, [queue, restored]);

  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        const result = parseSettings(values);
        form.clearErrors();
        if (!result.ok) {
          for (const [name, message] of Object.entries(result.errors)) form.setError(name as SettingsField, { type: 'client', message });
          return;
        }
        const patch = changedFields(baseline.current, result.fields);
        if (Object.keys(patch).length === 0) return;
        baseline.current = result.fields;
        queue.schedule(patch, writer.version());
      },
    });
  }, [form, queue, writer]);

  const loadLatest = async () => {
    const latest = await getCourse(courseId);
    queue.discard();
    baseRef.current = null;
    writer.accept(latest);
    baseline.current = fieldsOf(latest);
    form.reset(valuesFromCourse(latest, decimal));
    void queryClient.invalidateQueries({ queryKey: ['course', courseId] });
  };

  const keepMine = async () => {
    const latest = await getCourse(courseId);
    writer.accept(latest);
    baseRef.current = null;
    await queue.resend(latest.version);
  };

  const errorText = (name: SettingsField): string | undefined => {
    const parts = name.split('.');
    let node: unknown = form.formState.errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: string } | undefined)?.message;
    if (!message) return undefined;
    return i18n.exists(message, { ns: 'messages' }) ? tm(message as 'course.titleRequired') : message;
  };

  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as 'levels.beginner') }));
  const pricing = useWatch({ control: form.control, name: 'pricing' });
  const visibility = useWatch({ control: form.control, name: 'visibility' });
  const thumbnailUploadId = useWatch({ control: form.control, name: 'thumbnailUploadId' });
  const tagDraft = useWatch({ control: form.control, name: 'tagDraft' });

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-8" aria-labelledby="settings-title">
      <h2 id="settings-title" className="sr-only">
        {t('tabs.settings')}
      </h2>
      {restored && <RestoredNotice savedAt={restored.savedAt} />}
      {snapshot.status === 'conflict' && (
        <ConflictNotice onLoadLatest={() => void loadLatest()} onKeepMine={() => void keepMine()}>
          <dl className="grid gap-1">
            {Object.entries(snapshot.unsaved ?? {}).map(([name, value]) => (
              <div key={name} className="flex gap-2">
                <dt className="font-medium">{name}:</dt>
                <dd className="break-all whitespace-pre-wrap">{Array.isArray(value) ? value.join(', ') : String(value)}</dd>
              </div>
            ))}
          </dl>
        </ConflictNotice>
      )}
      {serverError && (
        <p role="alert" className="rounded-xl border border-danger/50 p-3 text-sm text-danger">
          {serverError}
        </p>
      )}
      <fieldset disabled={readOnly} className="grid gap-5 md:grid-cols-2">
        <legend className="mb-4 text-lg font-semibold">{t('settings.basics')}</legend>
        <Field id="course-title" label={t('settings.title')} error={errorText('title')} required className="md:col-span-2">
          {(control) => <Input {...control} {...form.register('title')} maxLength={200} />}
        </Field>
        <Field id="course-subtitle" label={t('settings.subtitle')} error={errorText('subtitle')} className="md:col-span-2">
          {(control) => <Input {...control} {...form.register('subtitle')} maxLength={300} />}
        </Field>
        <Field id="course-description" label={t('settings.description')} error={errorText('description')} className="md:col-span-2">
          {(control) => <Textarea {...control} {...form.register('description')} rows={6} />}
        </Field>
        <Field id="course-category" label={t('settings.category')} error={errorText('category')}>
          {(control) => (
            <Select control={control} registration={form.register('category')} options={options(COURSE_CATEGORIES, 'categories')} />
          )}
        </Field>
        <Field id="course-level" label={t('settings.level')} error={errorText('level')}>
          {(control) => <Select control={control} registration={form.register('level')} options={options(COURSE_LEVELS, 'levels')} />}
        </Field>
        <Field id="course-language" label={t('settings.language')} error={errorText('language')}>
          {(control) => (
            <Select control={control} registration={form.register('language')} options={options(COURSE_LANGUAGES, 'languages')} />
          )}
        </Field>
        <Field id="course-duration" label={t('settings.duration')} hint={t('settings.durationHint')} error={errorText('duration')}>
          {(control) => <Input {...control} {...form.register('duration')} inputMode="numeric" />}
        </Field>
        <Field
          id="course-tags"
          label={t('settings.tags')}
          hint={t('settings.tagsHint')}
          error={errorText('tags')}
          className="md:col-span-2"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="tags"
              render={({ field: tags }) => (
                <TagsInput
                  control={control}
                  tags={tags.value}
                  draft={tagDraft}
                  disabled={readOnly}
                  onBlur={tags.onBlur}
                  onChange={(next, draft) => {
                    if (next !== tags.value) tags.onChange(next);
                    form.setValue('tagDraft', draft, { shouldDirty: true });
                  }}
                />
              )}
            />
          )}
        </Field>
      </fieldset>

      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <legend className="mb-4 text-lg font-semibold">{t('settings.thumbnail')}</legend>
        <ThumbnailField
          courseId={courseId}
          uploadId={thumbnailUploadId}
          initialUrl={course.thumbnailUploadId === thumbnailUploadId ? course.thumbnailUrl : null}
          onChange={(uploadId) => form.setValue('thumbnailUploadId', uploadId, { shouldDirty: true })}
          focusOnMount={focusThumbnail}
        />
      </fieldset>

      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <legend className="mb-4 text-lg font-semibold">{t('settings.audienceTitle')}</legend>
        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-medium" id="objectives-title">
            {t('settings.objectives')}
          </h3>
          <ul aria-labelledby="objectives-title" className="flex flex-col gap-2">
            {objectives.fields.map((item, index) => (
              <li key={item.id} className="flex items-start gap-2">
                <Field
                  id={`objective-${index}`}
                  label={t('settings.objective', { n: index + 1 })}
                  error={errorText(`learningObjectives.${index}.value`)}
                  className="flex-1"
                >
                  {(control) => <Input {...control} {...form.register(`learningObjectives.${index}.value`)} maxLength={300} />}
                </Field>
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-7"
                  aria-label={t('settings.removeObjective', { n: index + 1 })}
                  onClick={() => objectives.remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => objectives.append({ value: '' }, { shouldFocus: true })}
            disabled={objectives.fields.length >= 20}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('settings.addObjective')}
          </Button>
        </div>
        <Field id="course-audience" label={t('settings.audience')} error={errorText('targetAudience')}>
          {(control) => <Textarea {...control} {...form.register('targetAudience')} rows={3} />}
        </Field>
      </fieldset>

      <fieldset disabled={readOnly} className="grid gap-5 md:grid-cols-2">
        <legend className="mb-4 text-lg font-semibold">{t('settings.pricingTitle')}</legend>
        <Field id="course-pricing" label={t('settings.pricing')} error={errorText('pricing')}>
          {(control) => <Select control={control} registration={form.register('pricing')} options={options(PRICINGS, 'pricings')} />}
        </Field>
        <Field
          id="course-visibility"
          label={t('settings.visibility')}
          hint={t(`visibilityHints.${visibility}`)}
          error={errorText('visibility')}
        >
          {(control) => (
            <Select control={control} registration={form.register('visibility')} options={options(VISIBILITIES, 'visibilities')} />
          )}
        </Field>
        {pricing === 'paid' && (
          <>
            <Field id="course-price" label={t('settings.price')} hint={t('settings.priceHint')} error={errorText('price')} required>
              {(control) => <Input {...control} {...form.register('price')} inputMode="decimal" />}
            </Field>
            <Field id="course-currency" label={t('settings.currency')} error={errorText('currency')}>
              {(control) => (
                <Select
                  control={control}
                  registration={form.register('currency')}
                  options={CURRENCIES.map((value) => ({ value, label: value }))}
                />
              )}
            </Field>
          </>
        )}
      </fieldset>
    </form>
  );
}
