import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';

export interface CataloguePaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous and next page, with where we are; shown only when there is more than one page. */
export function CataloguePagination({ page, pages, onPage }: CataloguePaginationProps) {
  const { t } = useTranslation('page-courses');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <p className="text-sm" data-testid="catalogue-page">
        {t('pagination.status', { page, pages })}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
