import type { TTestimonials } from '@shared/schemas/site-stats.ts';
import { Card } from '@/components/ui/card';
import { ShellLink } from '@/lib/shell-context';
import { getJson, useFetched } from '@/lib/use-fetched';
import { useTranslation } from '@/lib/use-translation';

/**
 * The testimonials on /pricing: real reviews of courses on Kursa whose writers agreed to be
 * quoted (GET /api/testimonials). While there are none, or while they load, the section is not
 * there at all: no placeholder quotes, no skeleton that then disappears.
 */
export function Testimonials() {
  const { t } = useTranslation('page-pricing');
  const { data } = useFetched<TTestimonials>('/api/testimonials', getJson);
  if (!data?.testimonials.length) return null;
  return (
    <section aria-labelledby="testimonials-title" className="mt-20" data-testid="testimonials">
      <h2 id="testimonials-title" className="text-center text-3xl font-bold tracking-tight">
        {t('testimonials.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('testimonials.lead')}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {data.testimonials.map((item) => (
          <li key={`${item.courseSlug}-${item.name}-${item.quote.slice(0, 20)}`}>
            <Card className="flex h-full flex-col gap-4">
              <p className="text-sm font-semibold text-accent">{t('testimonials.rating', { rating: item.rating })}</p>
              <blockquote className="flex-1 leading-relaxed">“{item.quote}”</blockquote>
              <p className="text-sm text-muted-foreground">
                <span className="font-semibold text-foreground">{item.name}</span>, {item.company}{' '}
                <ShellLink
                  to={`/courses/${item.courseSlug}`}
                  className="rounded underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {t('testimonials.course', { course: item.courseTitle })}
                </ShellLink>
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
