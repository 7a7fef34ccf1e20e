import { useTranslation } from '@/lib/use-translation';
import { Skeleton } from '@/components/ui/skeleton';
import type { PageKind } from './page-kinds';

const shell = 'mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8';
const cardBox = 'flex flex-col gap-4 rounded-2xl border border-border bg-card p-6';

function Cards({ count, className }: { count: number; className: string }) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={cardBox}>
          <Skeleton variant="image" />
          <Skeleton height="md" width="half" />
          <Skeleton variant="text" lines={3} />
        </div>
      ))}
    </div>
  );
}

function Landing() {
  return (
    <>
      <div className="flex flex-col items-center gap-5 py-10">
        <Skeleton height="xl" className="max-w-2xl" />
        <Skeleton variant="text" lines={2} className="max-w-xl" />
        <div className="flex gap-3">
          <Skeleton variant="button" />
          <Skeleton variant="button" />
        </div>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className={cardBox}>
            <Skeleton variant="circle" />
            <Skeleton height="md" width="half" />
            <Skeleton variant="text" lines={3} />
          </div>
        ))}
      </div>
      <div className="mt-8 grid grid-cols-2 gap-6 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className={cardBox}>
            <Skeleton height="lg" width="half" />
            <Skeleton height="sm" />
          </div>
        ))}
      </div>
    </>
  );
}

function Grid() {
  return (
    <>
      <Skeleton height="xl" width="half" />
      <div className="mt-8 flex flex-wrap gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="button" />
        ))}
      </div>
      <Cards count={6} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
    </>
  );
}

function Pricing() {
  return (
    <>
      <div className="grid gap-6 md:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className={cardBox}>
            <Skeleton height="md" width="half" />
            <Skeleton height="xl" width="quarter" className="min-w-24" />
            {Array.from({ length: 5 }, (_, row) => (
              <Skeleton key={row} height="sm" />
            ))}
            <Skeleton variant="button" className="w-full" />
          </div>
        ))}
      </div>
      <div className="mt-10 rounded-2xl border border-border bg-card p-6">
        {Array.from({ length: 8 }, (_, row) => (
          <div key={row} className="grid grid-cols-4 gap-4 py-3">
            {Array.from({ length: 4 }, (_, col) => (
              <Skeleton key={col} height="sm" />
            ))}
          </div>
        ))}
      </div>
    </>
  );
}

function Content() {
  return (
    <>
      <Skeleton height="xl" width="half" />
      <Skeleton variant="text" lines={2} className="mt-4 max-w-2xl" />
      {Array.from({ length: 3 }, (_, i) => (
        <section key={i} className="mt-10">
          <Skeleton height="lg" width="quarter" className="min-w-40" />
          <div className="mt-4 grid gap-6 md:grid-cols-3">
            {Array.from({ length: 3 }, (_, card) => (
              <Skeleton key={card} variant="card" />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

function List() {
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Skeleton height="xl" className="rounded-lg" />
        <Skeleton variant="button" />
        <Skeleton variant="button" />
      </div>
      <Cards count={9} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
    </>
  );
}

/** A title and lead above a card of labelled fields and a submit button (login, register). */
function Form() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center">
      <Skeleton height="xl" width="half" />
      <Skeleton variant="text" lines={1} className="mt-4" />
      <div className={`${cardBox} mt-8 w-full`}>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton height="sm" width="quarter" />
            <Skeleton variant="button" className="w-full" />
          </div>
        ))}
        <Skeleton variant="button" className="mt-2 w-full" />
      </div>
    </div>
  );
}

const layouts: Record<PageKind, () => React.JSX.Element> = {
  landing: Landing,
  grid: Grid,
  pricing: Pricing,
  content: Content,
  list: List,
  form: Form,
};

/** The loading placeholder for a kind of page; it announces itself once to screen readers. */
export function PagePlaceholder({ kind }: { kind: PageKind }) {
  const { t } = useTranslation();
  const Layout = layouts[kind];
  return (
    // Skeletons pulse; with reduced motion they stay still.
    <div className={`${shell} motion-reduce:**:animate-none`} role="status" aria-busy="true">
      <span className="sr-only">{t('loading.page')}</span>
      <Layout />
    </div>
  );
}
