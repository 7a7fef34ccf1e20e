import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Button } from '@/components/ui/button';

export interface ConflictNoticeProps {
  onLoadLatest: () => void;
  onKeepMine: () => void;
  /** The local edit, shown so nothing typed is lost whatever the user chooses. */
  children?: ReactNode;
}

/** A save was refused as stale (409): say so plainly, keep the local edit in view, offer the ways on. */
export function ConflictNotice({ onLoadLatest, onKeepMine, children }: ConflictNoticeProps) {
  const { t } = useTranslation('builder');
  const { t: tm } = useTranslation('messages');
  return (
    <div role="alert" data-testid="conflict-notice" className="flex flex-col gap-3 rounded-2xl border border-danger/50 bg-card p-4 text-sm">
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
        <span>{tm('course.versionConflict')}</span>
      </p>
      <div className="flex flex-wrap gap-3">
        <Button size="sm" onClick={onLoadLatest}>
          {t('conflict.loadLatest')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onKeepMine}>
          {t('conflict.keepMine')}
        </Button>
      </div>
      {children && (
        <details>
          <summary className="cursor-pointer font-medium">{t('conflict.yourVersion')}</summary>
          <div className="mt-2">{children}</div>
        </details>
      )}
    </div>
  );
}
