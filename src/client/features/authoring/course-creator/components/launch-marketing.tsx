import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCourseMarketing } from '@shared/schemas/course-marketing.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { useTranslation } from '@/lib/use-translation';
import { generateMarketing, getMarketing } from '../api/launch';
import { errorText, isSetupRequired } from '../lib/ai-errors';
import { AiGate } from './ai-gate';
import { AiSource } from './ai-source';

/**
 * The launch step's marketing: the copy generate-marketing wrote for the course (kept per course,
 * so it shows again on return), and the button that writes it, or writes it anew.
 */

export function Marketing({ courseId, onSetupRequired }: { courseId: string; onSetupRequired: () => void }) {
  const { t } = useTranslation('creator-wizard');
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey: ['creator', 'marketing', courseId], queryFn: ({ signal }) => getMarketing(courseId, signal) });
  const generate = useMutation({
    mutationFn: () => generateMarketing(courseId),
    onSuccess: (result) => {
      queryClient.setQueryData(['creator', 'marketing', courseId], result);
      void queryClient.invalidateQueries({ queryKey: ['creator', 'launch-checklist', courseId] });
      toast({ title: t('toast.marketingTitle') });
    },
    onError: (error) => {
      if (isSetupRequired(error)) return onSetupRequired();
      // The creator's usual 'Generation Failed' toast; the server's reason shows under the button.
      toast({ title: t('toast.generationFailed'), description: t('toast.marketingFailed'), variant: 'destructive' });
    },
  });
  const marketing = stored.data?.marketing ?? null;
  return (
    <section className="flex flex-col gap-3" data-testid="launch-marketing">
      <AiGate>
        <div>
          <Button onClick={() => generate.mutate()} disabled={generate.isPending}>
            {generate.isPending && <Spinner />}
            {generate.isPending
              ? t('launch.generatingMarketing')
              : marketing
                ? t('launch.regenerateMarketing')
                : t('launch.generateMarketing')}
          </Button>
        </div>
      </AiGate>
      {generate.isError && !isSetupRequired(generate.error) && (
        <p role="alert" className="text-sm text-danger">
          {errorText(generate.error)}
        </p>
      )}
      {marketing && <MarketingCopy marketing={marketing} />}
    </section>
  );
}

function MarketingCopy({ marketing }: { marketing: TCourseMarketing }) {
  const { t } = useTranslation('creator-wizard');
  return (
    <Card className="flex flex-col gap-4" data-testid="marketing-copy">
      <div>
        <h4 className="text-lg font-semibold">{marketing.landingHeadline}</h4>
        <AiSource source={marketing.source} />
      </div>
      <div>
        <h5 className="font-medium">{t('launch.benefits')}</h5>
        <ul className="list-disc pl-5 text-sm">
          {marketing.benefits.map((benefit, i) => (
            <li key={i}>{benefit}</li>
          ))}
        </ul>
      </div>
      <div>
        <h5 className="font-medium">{t('launch.landingCopy')}</h5>
        <p className="whitespace-pre-wrap text-sm leading-relaxed">{marketing.landingCopy}</p>
      </div>
      <div className="text-sm">
        <h5 className="font-medium">{t('launch.seo')}</h5>
        <p>
          <span className="text-muted-foreground">{t('launch.seoTitle')}:</span> {marketing.seoTitle}
        </p>
        <p>
          <span className="text-muted-foreground">{t('launch.seoDescription')}:</span> {marketing.seoDescription}
        </p>
      </div>
      <details data-testid="marketing-emails">
        <summary className="cursor-pointer font-medium">{t('launch.emailsCount', { count: marketing.emails.length })}</summary>
        <ol className="mt-2 flex flex-col gap-2 text-sm">
          {marketing.emails.map((email, i) => (
            <li key={i} className="rounded-xl border border-border p-3">
              <p className="font-medium">{email.subject}</p>
              <p className="whitespace-pre-wrap">{email.body}</p>
            </li>
          ))}
        </ol>
      </details>
      <details data-testid="marketing-social">
        <summary className="cursor-pointer font-medium">{t('launch.socialCount', { count: marketing.socialPosts.length })}</summary>
        <ol className="mt-2 flex flex-col gap-2 text-sm">
          {marketing.socialPosts.map((post, i) => (
            <li key={i} className="rounded-xl border border-border p-3">
              <p className="text-muted-foreground">{post.channel}</p>
              <p className="whitespace-pre-wrap">{post.text}</p>
            </li>
          ))}
        </ol>
      </details>
      <details data-testid="marketing-ads">
        <summary className="cursor-pointer font-medium">{t('launch.adsCount', { count: marketing.adVariations.length })}</summary>
        <ol className="mt-2 flex flex-col gap-2 text-sm">
          {marketing.adVariations.map((ad, i) => (
            <li key={i} className="rounded-xl border border-border p-3">
              <p className="font-medium">{ad.headline}</p>
              <p>{ad.text}</p>
            </li>
          ))}
        </ol>
      </details>
    </Card>
  );
}
