import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import Circle from 'lucide-react/icons/circle';
import Copy from 'lucide-react/icons/copy';
import Rocket from 'lucide-react/icons/rocket';
import { CURRENCIES, PRICINGS, VISIBILITIES } from '@shared/schemas/courses.ts';
import { normaliseSubdomainInput, SUBDOMAIN_PATTERN } from '@shared/validation/subdomain.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { isApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { EmptyLessonsDialog } from '@/features/courses/builder/components/empty-lessons-dialog';
import { emptyLessonsOf } from '@/features/courses/builder/lib/empty-lessons';
import { getCourse } from '../api/content';
import { getChecklist, getSite, publishCourse } from '../api/launch';
import { errorText } from '../lib/ai-errors';
import { CourseSelect, useCourseChoice } from './course-select';
import { Marketing } from './launch-marketing';

type Visibility = (typeof VISIBILITIES)[number];
type Pricing = (typeof PRICINGS)[number];
type Currency = (typeof CURRENCIES)[number];

export interface LaunchStepProps {
  draftCourseId: string | null;
  onSetupRequired: () => void;
}

/** The creator's last step: the launch heading, the real launch checklist and marketing counts, the marketing copy and the publish panel. */
export function LaunchStep({ draftCourseId, onSetupRequired }: LaunchStepProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const courseId = useCourseChoice(chosen, draftCourseId);
  return (
    <div className="flex flex-col gap-6" data-testid="step-launch">
      <LaunchHeading courseId={courseId} />
      <div className="max-w-md">
        <CourseSelect value={courseId} draftCourseId={draftCourseId} onChange={setChosen} />
      </div>
      {courseId && (
        <>
          <Checklist key={`c-${courseId}`} courseId={courseId} />
          <Marketing key={`m-${courseId}`} courseId={courseId} onSetupRequired={onSetupRequired} />
          <PublishPanel key={`p-${courseId}`} courseId={courseId} />
        </>
      )}
    </div>
  );
}

/**
 * 'Ready for Launch!' only when the checklist has nothing left; otherwise what is missing. Analytics
 * is left out before publishing: publishing the course is what turns it on.
 */
function LaunchHeading({ courseId }: { courseId: string | null }) {
  const { t } = useTranslation('creator-wizard');
  const checklist = useQuery({
    queryKey: ['creator', 'launch-checklist', courseId],
    queryFn: ({ signal }) => getChecklist(courseId ?? '', signal),
    enabled: courseId !== null,
  });
  let heading = t('launch.heading');
  if (courseId && checklist.data) {
    const missing = checklist.data.items.filter((item) => !item.done && item.key !== 'analytics-configured');
    const names = new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(
      missing.map((item) => t(`launch.missing.${item.key}`)),
    );
    heading = missing.length === 0 ? t('launch.ready') : t('launch.notReady', { missing: names });
  }
  return (
    <h3 className="text-2xl font-semibold" data-testid="launch-heading">
      {heading}
    </h3>
  );
}

function Checklist({ courseId }: { courseId: string }) {
  const { t } = useTranslation('creator-wizard');
  const headingId = useId();
  const checklist = useQuery({
    queryKey: ['creator', 'launch-checklist', courseId],
    queryFn: ({ signal }) => getChecklist(courseId, signal),
  });
  if (checklist.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {t('launch.loading')}
      </p>
    );
  if (checklist.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(checklist.error)}
      </p>
    );
  const { items, stats, ready } = checklist.data;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 lg:grid-cols-2">
      <Card className="flex flex-col gap-3" data-testid="launch-checklist">
        <h4 id={headingId} className="font-semibold">
          {t('launch.checklist')}
        </h4>
        <p className="text-sm text-muted-foreground">
          {ready ? t('launch.allDone') : t('launch.notDone', { count: items.filter((i) => !i.done).length })}
        </p>
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.key} className="flex items-start gap-2" data-testid={`checklist-${item.key}`} data-done={item.done}>
              {item.done ? (
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              )}
              <span>
                <span className="font-medium">{t(`launch.items.${item.key}`)}</span>
                <span className="sr-only"> ({item.done ? t('launch.done') : t('launch.notDone')})</span>
                <span className="block text-sm text-muted-foreground">{item.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="flex flex-col gap-3" data-testid="launch-stats">
        <h4 className="font-semibold">{t('launch.marketingStats')}</h4>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt>{t('launch.emails')}</dt>
          <dd className="font-medium">{stats.emails}</dd>
          <dt>{t('launch.socialPosts')}</dt>
          <dd className="font-medium">{stats.socialPosts}</dd>
          <dt>{t('launch.adVariations')}</dt>
          <dd className="font-medium">{stats.adVariations}</dd>
          <dt>{t('launch.landingCopy')}</dt>
          <dd className="font-medium">{stats.landingCopy ? t('launch.yes') : t('launch.no')}</dd>
          <dt>{t('launch.seo')}</dt>
          <dd className="font-medium">{stats.seo ? t('launch.yes') : t('launch.no')}</dd>
        </dl>
      </Card>
    </section>
  );
}

function PublishPanel({ courseId }: { courseId: string }) {
  const { t } = useTranslation('creator-wizard');
  const id = useId();
  const queryClient = useQueryClient();
  const site = useQuery({ queryKey: ['creator', 'site'], queryFn: ({ signal }) => getSite(signal) });
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [typed, setTyped] = useState<string | null>(null);
  const subdomain = typed ?? site.data?.subdomain ?? '';
  const [pricing, setPricing] = useState<Pricing>('free');
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState<Currency>('DKK');
  const subdomainValid = SUBDOMAIN_PATTERN.test(subdomain);
  const priceNumber = Number(price.replace(',', '.'));
  const priceValid = pricing === 'free' || (price.trim() !== '' && Number.isFinite(priceNumber) && priceNumber >= 0);

  const [emptyLessons, setEmptyLessons] = useState<string[] | null>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const publish = useMutation({
    mutationFn: async (confirmEmptyLessons: boolean) => {
      const course = await getCourse(courseId);
      return publishCourse({
        course_data: { id: course.id, title: course.title, description: course.description },
        publishing_options: {
          visibility,
          subdomain,
          pricing,
          ...(pricing === 'paid' && { price: Math.round(priceNumber * 100), currency }),
          ...(confirmEmptyLessons && { confirm_empty_lessons: true }),
        },
      });
    },
    onSuccess: () => {
      toast({ title: t('toast.published') });
      void queryClient.invalidateQueries({ queryKey: ['creator'] });
    },
    onError: (error) => {
      // Empty lessons are a question for the user, not a failure.
      const empty = emptyLessonsOf(error);
      if (empty) setEmptyLessons(empty);
      else toast({ title: t('toast.publishingFailed'), description: t('toast.publishingFailedText'), variant: 'destructive' });
    },
  });

  const copyUrl = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('toast.urlCopied') });
    } catch {
      toast({ title: t('content.copyFailed'), variant: 'destructive' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (subdomainValid && priceValid && !publish.isPending) publish.mutate(false);
  };

  if (publish.isSuccess)
    return (
      <Card className="flex flex-col gap-3" data-testid="publish-success">
        <h4 className="text-lg font-semibold">{t('launch.publishedHeading')}</h4>
        <p className="text-sm">{t('launch.publishedText')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <a href={publish.data.url} className="font-medium break-all text-accent underline underline-offset-2" data-testid="course-url">
            {publish.data.url}
          </a>
          <Button size="sm" variant="secondary" onClick={() => void copyUrl(publish.data.url)}>
            <Copy aria-hidden="true" className="size-4" />
            {t('launch.copyUrl')}
          </Button>
        </div>
      </Card>
    );

  return (
    <Card data-testid="publish-panel">
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <h4 id={`${id}-heading`} className="text-lg font-semibold sm:col-span-2">
          {t('launch.publishHeading')}
        </h4>
        <Field id={`${id}-visibility`} label={t('launch.visibility')}>
          {(control) => (
            <select {...control} className={inputClasses} value={visibility} onChange={(e) => setVisibility(e.target.value as Visibility)}>
              {VISIBILITIES.map((v) => (
                <option key={v} value={v}>
                  {t(`launch.visibilities.${v}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={`${id}-subdomain`}
          label={t('launch.subdomain')}
          required
          error={subdomain !== '' && !subdomainValid ? t('launch.subdomainRule') : undefined}
          hint={site.data ? t('launch.subdomainHint', { host: site.data.siteHost }) : undefined}
        >
          {(control) => (
            <Input
              {...control}
              value={subdomain}
              maxLength={63}
              autoComplete="off"
              onChange={(e) => setTyped(normaliseSubdomainInput(e.target.value))}
            />
          )}
        </Field>
        <Field id={`${id}-pricing`} label={t('launch.pricing')}>
          {(control) => (
            <select {...control} className={inputClasses} value={pricing} onChange={(e) => setPricing(e.target.value as Pricing)}>
              {PRICINGS.map((p) => (
                <option key={p} value={p}>
                  {t(`launch.pricings.${p}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {pricing === 'paid' && (
          <div className="grid grid-cols-2 gap-3">
            <Field
              id={`${id}-price`}
              label={t('launch.price')}
              required
              error={price !== '' && !priceValid ? t('launch.priceInvalid') : undefined}
            >
              {(control) => <Input {...control} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />}
            </Field>
            <Field id={`${id}-currency`} label={t('launch.currency')}>
              {(control) => (
                <select {...control} className={inputClasses} value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        )}
        <div className="sm:col-span-2">
          <Button ref={publishButton} type="submit" disabled={!subdomainValid || !priceValid || publish.isPending}>
            {publish.isPending ? <Spinner /> : <Rocket aria-hidden="true" className="size-4" />}
            {t('launch.publish')}
          </Button>
          {publish.isError && !emptyLessonsOf(publish.error) && (
            <div role="alert" className="mt-2 text-sm text-danger">
              <p>{errorText(publish.error)}</p>
              {/* What the server says is missing (a description, a lesson …), field by field. */}
              {isApiError(publish.error) && publish.error.body?.errors && (
                <ul className="mt-1 list-disc pl-5">
                  {Object.entries(publish.error.body.errors).map(([field, message]) => (
                    <li key={field}>{message}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </form>
      <EmptyLessonsDialog
        lessons={emptyLessons}
        returnFocus={publishButton}
        onCancel={() => setEmptyLessons(null)}
        onConfirm={() => {
          setEmptyLessons(null);
          publish.mutate(true);
        }}
      />
    </Card>
  );
}
