import ArrowRight from 'lucide-react/icons/arrow-right';
import { ShellLink } from '@/lib/shell-context';
import { StartCta } from '@/components/ui/start-cta';

/** The closing call to action of the landing and pricing pages: the trial, and a way to talk to us. */
export function ClosingCta({
  title,
  text,
  cta,
  contact,
  contactTo = '/contact',
}: {
  title: string;
  text: string;
  cta: string;
  contact: string;
  contactTo?: string;
}) {
  return (
    <section aria-labelledby="closing-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl">{text}</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-3">
          <StartCta size="lg" variant="secondary">
            {cta}
            <ArrowRight aria-hidden="true" className="size-4" />
          </StartCta>
          <ShellLink
            to={contactTo}
            className="rounded font-semibold underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-foreground"
          >
            {contact}
          </ShellLink>
        </div>
      </div>
    </section>
  );
}
