import type { ReactNode } from 'react';
import Play from 'lucide-react/icons/play';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';
import type { DemoName } from '../lib/demos';

export interface DemoCardProps {
  demo: DemoName;
  processing?: boolean;
  /** Without it the card has no button (the AI cannot run here). */
  onRun?: () => void;
  children?: ReactNode;
}

/** One AI systems demo card (SPEC §4): what it asks, its state, and Demo AI. */
export function DemoCard({ demo, processing = false, onRun, children }: DemoCardProps) {
  const { t } = useTranslation('creator');
  return (
    <Card className="flex h-full flex-col gap-3" data-testid={`demo-${demo}`} aria-busy={processing}>
      <h3 className="font-semibold">{t(`demo.${demo}.title`)}</h3>
      <p className="text-sm text-muted-foreground">{t(`demo.${demo}.text`)}</p>
      <div aria-live="polite" className="min-h-6 text-sm">
        {processing && (
          <p className="flex items-center gap-2" data-testid="demo-processing">
            <Spinner />
            {t('demo.processing')}
          </p>
        )}
        {children}
      </div>
      {onRun && (
        <div className="mt-auto">
          <Button size="sm" onClick={onRun} disabled={processing} aria-label={`${t('demo.run')}: ${t(`demo.${demo}.title`)}`}>
            {processing ? <Spinner /> : <Play aria-hidden="true" className="size-4" />}
            {t('demo.run')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** Run All Demos (SPEC §4). */
export function RunAllDemos({ onRun, disabled = false }: { onRun: () => void; disabled?: boolean }) {
  const { t } = useTranslation('creator');
  return (
    <Button variant="secondary" onClick={onRun} disabled={disabled}>
      <Play aria-hidden="true" className="size-4" />
      {t('demo.runAll')}
    </Button>
  );
}
