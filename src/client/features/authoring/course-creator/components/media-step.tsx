import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Sparkle from 'lucide-react/icons/sparkle';
import type { TCourseImage, TCourseMedia, TDrawImageRequest, TImageModel } from '@shared/schemas/course-media.ts';
import { MEDIA_LIMITS } from '@shared/schemas/course-media.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { inputClasses, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useShell } from '@/lib/shell-context';
import { toast } from '@/lib/use-toast';
import { useTranslation } from '@/lib/use-translation';
import { applyImage, describeImage, drawImage, getMedia } from '../api/media';
import { errorText, isSetupRequired } from '../lib/ai-errors';
import { AiGate } from './ai-gate';
import { CourseSelect, useCourseChoice } from './course-select';

export interface MediaStepProps {
  draftCourseId: string | null;
  onSetupRequired: () => void;
}

/**
 * The media part of the content step (docs/decisions/068-ai-images.md): the Media Creator draws a
 * cover and lesson illustrations with the image model; each picture is kept with the course, its
 * alt text can be changed, and nothing in the course changes until the teacher uses a picture.
 */
export function MediaStep({ draftCourseId, onSetupRequired }: MediaStepProps) {
  const { t } = useTranslation('creator-wizard');
  const [chosen, setChosen] = useState<string | null>(null);
  const courseId = useCourseChoice(chosen, draftCourseId);
  return (
    <section aria-labelledby="media-heading" className="flex flex-col gap-4 border-t border-border pt-6" data-testid="step-media">
      <div>
        <h3 id="media-heading" className="text-lg font-semibold">
          {t('media.heading')}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t('media.lead')}</p>
      </div>
      <div className="max-w-md">
        <CourseSelect value={courseId} draftCourseId={draftCourseId} onChange={setChosen} />
      </div>
      <AiGate>{courseId && <CourseMedia key={courseId} courseId={courseId} onSetupRequired={onSetupRequired} />}</AiGate>
    </section>
  );
}

const mediaKey = (courseId: string) => ['creator', 'media', courseId];

function CourseMedia({ courseId, onSetupRequired }: { courseId: string; onSetupRequired: () => void }) {
  const { t } = useTranslation('creator-wizard');
  const media = useQuery({ queryKey: mediaKey(courseId), queryFn: ({ signal }) => getMedia(courseId, signal) });
  if (media.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {t('media.loading')}
      </p>
    );
  if (media.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(media.error)}
      </p>
    );
  const { imageModel } = media.data;
  return (
    <div className="flex flex-col gap-6">
      {imageModel.available ? (
        <Drawing courseId={courseId} media={media.data} onSetupRequired={onSetupRequired} />
      ) : (
        <NoImageModel model={imageModel} />
      )}
      <Gallery courseId={courseId} media={media.data} />
    </div>
  );
}

/** Said plainly where nothing can draw: what is missing, and to an admin what to set. */
function NoImageModel({ model }: { model: Extract<TImageModel, { available: false }> }) {
  const { t } = useTranslation('creator-wizard');
  const { session } = useShell();
  const admin = session.user?.role === 'admin';
  return (
    <Card className="flex flex-col gap-1 border-dashed" role="status" data-testid="no-image-model">
      <p className="font-medium">{t(`media.missing.${model.missing}`)}</p>
      <p className="text-sm text-muted-foreground">{admin ? t(`media.missingAdmin.${model.missing}`) : t('media.missingContact')}</p>
    </Card>
  );
}

function Drawing({ courseId, media, onSetupRequired }: { courseId: string; media: TCourseMedia; onSetupRequired: () => void }) {
  const { t } = useTranslation('creator-wizard');
  const queryClient = useQueryClient();
  const formId = useId();
  const [lessonId, setLessonId] = useState(media.lessons[0]?.id ?? '');
  const [wishes, setWishes] = useState('');
  const draw = useMutation({
    mutationFn: (body: TDrawImageRequest) => drawImage(courseId, body),
    onSuccess: (image) => {
      queryClient.setQueryData<TCourseMedia>(mediaKey(courseId), (old) => old && { ...old, images: [image, ...old.images] });
      toast({ title: t('media.drawnTitle') });
    },
    onError: (error) => {
      if (isSetupRequired(error)) onSetupRequired();
    },
  });
  // The lesson shown in the list: the one chosen while it is still there, else the first.
  const lesson = media.lessons.some((one) => one.id === lessonId) ? lessonId : (media.lessons[0]?.id ?? '');
  const trimmed = wishes.trim();
  const extra = trimmed ? { wishes: trimmed } : {};
  return (
    <div className="flex flex-col gap-4">
      <Field id={`${formId}-wishes`} label={t('media.wishes')} hint={t('media.wishesHint')}>
        {(control) => (
          <Textarea {...control} rows={2} maxLength={MEDIA_LIMITS.wishes} value={wishes} onChange={(e) => setWishes(e.target.value)} />
        )}
      </Field>
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="flex flex-col gap-3">
          <h4 className="font-medium">{t('media.cover')}</h4>
          {media.coverUrl ? (
            <img src={media.coverUrl} alt={t('media.currentCover')} className="aspect-video w-full rounded-xl object-cover" />
          ) : (
            <p className="text-sm text-muted-foreground">{t('media.noCover')}</p>
          )}
          <Button className="mt-auto self-start" disabled={draw.isPending} onClick={() => draw.mutate({ target: 'cover', ...extra })}>
            {draw.isPending && draw.variables.target === 'cover' && <Spinner />}
            {t('media.drawCover')}
          </Button>
        </Card>
        <Card className="flex flex-col gap-3">
          <h4 className="font-medium">{t('media.illustration')}</h4>
          {media.lessons.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('media.noLessons')}</p>
          ) : (
            <Field id={`${formId}-lesson`} label={t('media.lesson')}>
              {(control) => (
                <select {...control} className={inputClasses} value={lesson} onChange={(e) => setLessonId(e.target.value)}>
                  {media.lessons.map((one) => (
                    <option key={one.id} value={one.id}>
                      {t('media.lessonOption', { module: one.module, title: one.title })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Button
            className="mt-auto self-start"
            disabled={draw.isPending || !lesson}
            onClick={() => draw.mutate({ target: 'lesson', lessonId: lesson, ...extra })}
          >
            {draw.isPending && draw.variables.target === 'lesson' && <Spinner />}
            {t('media.drawIllustration')}
          </Button>
        </Card>
      </div>
      {/* Always there, so a screen reader announces the text when it comes. */}
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {draw.isPending ? t('media.drawing') : ''}
      </p>
      {draw.isError && !isSetupRequired(draw.error) && (
        <p role="alert" className="text-sm text-danger">
          {errorText(draw.error)}
        </p>
      )}
    </div>
  );
}

function Gallery({ courseId, media }: { courseId: string; media: TCourseMedia }) {
  const { t } = useTranslation('creator-wizard');
  return (
    <section aria-labelledby="drawn-heading" className="flex flex-col gap-3">
      <h4 id="drawn-heading" className="font-medium">
        {t('media.drawn')}
      </h4>
      {media.images.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('media.none')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="drawn-images">
          {media.images.map((image) => (
            <li key={image.id}>
              <DrawnImage
                courseId={courseId}
                image={image}
                lessonTitle={media.lessons.find((l) => l.id === image.lessonId)?.title ?? null}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DrawnImage({ courseId, image, lessonTitle }: { courseId: string; image: TCourseImage; lessonTitle: string | null }) {
  const { t } = useTranslation('creator-wizard');
  const queryClient = useQueryClient();
  const altId = useId();
  const [altText, setAltText] = useState(image.altText);
  const altField = useRef<HTMLTextAreaElement>(null);
  const inUseNote = useRef<HTMLParagraphElement>(null);
  // Using the picture replaces its button with the note saying so: the focus goes there, not to the page.
  const [focusNote, setFocusNote] = useState(false);
  useEffect(() => {
    if (focusNote && image.inUse) inUseNote.current?.focus();
  }, [focusNote, image.inUse]);
  const replace = (next: TCourseImage) =>
    queryClient.setQueryData<TCourseMedia>(
      mediaKey(courseId),
      (old) => old && { ...old, images: old.images.map((one) => (one.id === next.id ? next : one)) },
    );
  const describe = useMutation({
    mutationFn: () => describeImage(courseId, image.id, altText.trim()),
    onSuccess: (next) => {
      replace(next);
      setAltText(next.altText);
      toast({ title: t('media.altSaved') });
      // The save button goes quiet once saved: the focus returns to the text.
      altField.current?.focus();
    },
  });
  const apply = useMutation({
    mutationFn: () => applyImage(courseId, image.id),
    onSuccess: () => {
      setFocusNote(true);
      // A cover replaces the one before (no longer in use): the whole step is read again, and the
      // course as other steps show it.
      void queryClient.invalidateQueries({ queryKey: mediaKey(courseId) });
      void queryClient.invalidateQueries({ queryKey: ['creator', 'launch-checklist', courseId] });
      void queryClient.invalidateQueries({ queryKey: ['creator', 'courses'] });
      toast({ title: image.target === 'cover' ? t('media.usedAsCover') : t('media.inserted') });
    },
  });
  const cover = image.target === 'cover';
  const changed = altText.trim() !== image.altText;
  const purpose = cover ? t('media.forCover') : lessonTitle ? t('media.forLesson', { title: lessonTitle }) : t('media.forGoneLesson');
  return (
    <Card className="flex h-full flex-col gap-3" data-testid="drawn-image">
      <img src={image.url} alt={image.altText} className="aspect-video w-full rounded-xl object-cover" loading="lazy" />
      <div>
        <p id={`${altId}-purpose`} className="text-sm font-medium">
          {purpose}
        </p>
        {/* As AiSource says it of text; kept apart so the builder, which loads AiSource at once, carries none of it. */}
        <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Sparkle aria-hidden="true" className="size-3.5" />
          {t('sourceDrawn', { provider: image.source.provider, model: image.source.model })}
        </p>
      </div>
      <Field id={altId} label={t('media.altText')} hint={t('media.altTextHint')}>
        {(control) => (
          <Textarea
            {...control}
            ref={altField}
            rows={2}
            maxLength={MEDIA_LIMITS.altText}
            value={altText}
            onChange={(e) => setAltText(e.target.value)}
          />
        )}
      </Field>
      {describe.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(describe.error)}
        </p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">{t('media.prompt')}</summary>
        <p className="mt-1 whitespace-pre-wrap">{image.prompt}</p>
      </details>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-describedby={`${altId}-purpose`}
          disabled={!changed || !altText.trim() || describe.isPending}
          onClick={() => describe.mutate()}
        >
          {describe.isPending && <Spinner />}
          {t('media.saveAlt')}
        </Button>
        {image.inUse ? (
          <p ref={inUseNote} tabIndex={-1} className="text-sm font-medium text-success focus:outline-none" data-testid="image-in-use">
            {cover ? t('media.inUseCover') : t('media.inUseLesson')}
          </p>
        ) : (
          (cover || lessonTitle) && (
            <Button size="sm" aria-describedby={`${altId}-purpose`} disabled={apply.isPending || changed} onClick={() => apply.mutate()}>
              {apply.isPending && <Spinner />}
              {cover ? t('media.useAsCover') : t('media.insert')}
            </Button>
          )
        )}
      </div>
      {changed && !image.inUse && <p className="text-xs text-muted-foreground">{t('media.saveFirst')}</p>}
      {apply.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(apply.error)}
        </p>
      )}
    </Card>
  );
}
