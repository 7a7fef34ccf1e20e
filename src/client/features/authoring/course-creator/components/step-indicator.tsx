import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { WIZARD_STEPS } from '../lib/steps';

/** The wizard's six steps; the current one is marked for assistive technology too. Each can be opened. */
export function StepIndicator({ current, onSelect }: { current: number; onSelect: (index: number) => void }) {
  const { t } = useTranslation('page-course-creator');
  return (
    // Columns by the room the wizard has, not the window's: beside the workspace's sidebar six of them
    // left no room for the longest step's name.
    <nav aria-label={t('wizard.progress')} className="@container">
      <ol className="grid grid-cols-2 gap-2 @md:grid-cols-3 @5xl:grid-cols-6" data-testid="step-indicator">
        {WIZARD_STEPS.map((step, index) => {
          const active = index === current;
          const done = index < current;
          return (
            <li key={step}>
              <button
                type="button"
                aria-current={active ? 'step' : undefined}
                onClick={() => onSelect(index)}
                className={cn(
                  'flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  active
                    ? 'border-primary bg-accent-soft font-semibold text-foreground'
                    : 'border-border bg-card text-muted-foreground hover:bg-muted',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                    active || done ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
                  )}
                >
                  {done ? '✓' : index + 1}
                </span>
                {t(`steps.${step}`)}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
