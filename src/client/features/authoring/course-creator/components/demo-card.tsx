import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';
import type { DemoName } from '../lib/demos';

export interface DemoCardProps {
  demo: DemoName;
  processing?: boolean;
  /** Without it the card has no button (the AI cannot run here). */
  onRun?: () => void;
  children?: ReactNode;
}

/** One AI systems demo card: what it asks, its state, and Demo AI. */
export function DemoCard({ demo, processing = false, onRun, children }: DemoCardProps) {
  const { t } = useTranslation('creator-wizard');
  return (
    <Card className="flex h-full flex-col gap-3" data-testid={`demo-${demo}`} aria-busy={processing}>
      <h3 className="font-semibold">{t(`demo.${demo}.title`)}</h3>
      <p className="text-sm text-muted-foreground">{t(`demo.${demo}.text`)}</p>
      <div aria-live="polite" className="min-h-6 text-sm">
        {processing && (
          <p className="flex items-center gap-2" data-testid="demo-processing">
            <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-primary" />
            {t('demo.processing')}
          </p>
        )}
        {children}
      </div>
      {onRun && (
        <div className="mt-auto">
          <Button size="sm" onClick={onRun} disabled={processing} aria-label={`${t('demo.run')}: ${t(`demo.${demo}.title`)}`}>
            {t('demo.run')}
          </Button>
        </div>
      )}
    </Card>
  );
}
