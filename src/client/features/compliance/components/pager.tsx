import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

/** A report's pages of people: previous, where we are, next. */
export function Pager({
  page,
  pageSize,
  people,
  fetching,
  onPage,
}: {
  page: number;
  pageSize: number;
  people: number;
  fetching: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('compliance');
  const pages = Math.max(1, Math.ceil(people / pageSize));
  return (
    <nav className="flex items-center justify-between gap-3" aria-label={t('matrix.pages')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('matrix.previous')}
      </Button>
      <span className={cn('text-sm text-muted-foreground', fetching && 'opacity-60')}>
        {t('matrix.pageOf', { page, pages, count: people })}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('matrix.next')}
      </Button>
    </nav>
  );
}
