import type { ReactNode } from 'react';
import type { WorkspaceSection } from '@shared/workspace-routes.ts';
import { StageItem } from '@/components/ui/stage-item';
import { useTranslation } from '@/lib/use-translation';

/** A dashboard section's title and what it holds, at the top of its page, with the page's one primary action. */
export function SectionHeader({ section, action }: { section: WorkspaceSection; action?: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <StageItem className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`dashboard.sections.${section}.title`)}</h1>
        <p className="mt-1 text-muted-foreground">{t(`dashboard.sections.${section}.lead`)}</p>
      </div>
      {action}
    </StageItem>
  );
}
