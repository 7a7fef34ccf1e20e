import type { ReactNode } from 'react';
import Circle from 'lucide-react/icons/circle';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleMinus from 'lucide-react/icons/circle-minus';
import type { OnboardingStep, TOnboarding } from '@shared/schemas/onboarding.ts';
import { CREATOR_PAGE_PATH } from '@shared/routes.ts';
import { workspaceSectionPath } from '@shared/workspace-routes.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { useDismissOnboarding, useOnboarding } from '../api/onboarding';

/** Takes the eye and the focus to the company's confirmation, which is on the overview itself. */
function showConfirmation(): void {
  const notice = document.getElementById('company-verification');
  notice?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'center' });
  notice?.focus({ preventScroll: true });
}

/**
 * The getting-started checklist on a new company's overview: each step read from the data (GET
 * /api/onboarding) and one click from where it is done. It is gone when every step is done, or
 * when the person puts it away.
 */
export function OnboardingChecklist({ onCreateCourse }: { onCreateCourse: () => void }) {
  const { t } = useTranslation('account');
  const onboarding = useOnboarding();
  const dismiss = useDismissOnboarding();
  if (!onboarding.data || onboarding.data.complete || onboarding.data.dismissed) return null;
  const { steps } = onboarding.data;
  // A step that cannot be taken here is shown, but neither counted nor waited for.
  const total = steps.filter((step) => step.state !== 'unavailable').length;
  const done = steps.filter((step) => step.state === 'done').length;

  const action = (key: OnboardingStep): ReactNode => {
    switch (key) {
      case 'confirmCompany':
        return (
          <Button size="sm" variant="secondary" onClick={showConfirmation}>
            {t('onboarding.action.confirmCompany')}
          </Button>
        );
      case 'firstCourse':
        return (
          <>
            <Button size="sm" variant="secondary" onClick={onCreateCourse}>
              {t('onboarding.action.createCourse')}
            </Button>
            <LinkButton size="sm" variant="ghost" to={CREATOR_PAGE_PATH}>
              {t('onboarding.action.generateCourse')}
            </LinkButton>
          </>
        );
      case 'subdomain':
        return (
          <LinkButton size="sm" variant="secondary" to={workspaceSectionPath('settings')}>
            {t('onboarding.action.subdomain')}
          </LinkButton>
        );
      case 'brand':
        return (
          <LinkButton size="sm" variant="secondary" to={workspaceSectionPath('settings')}>
            {t('onboarding.action.brand')}
          </LinkButton>
        );
      case 'inviteColleague':
        return (
          <LinkButton size="sm" variant="secondary" to={workspaceSectionPath('people')}>
            {t('onboarding.action.inviteColleague')}
          </LinkButton>
        );
      case 'publish':
        return (
          <LinkButton size="sm" variant="secondary" to={workspaceSectionPath('courses')}>
            {t('onboarding.action.publish')}
          </LinkButton>
        );
    }
  };

  return (
    <Card role="region" aria-labelledby="onboarding-title" className="flex flex-col gap-4 p-5" data-testid="onboarding">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="onboarding-title" className="font-semibold">
            {t('onboarding.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="onboarding-progress">
            {t('onboarding.progress', { done, total })}
          </p>
        </div>
        <Button size="sm" variant="ghost" disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
          {t('onboarding.dismiss')}
        </Button>
      </div>
      <progress className="sr-only" max={total} value={done} aria-labelledby="onboarding-title" />
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <ol className="flex flex-col divide-y divide-border">
        {steps.map(({ key, state }) => (
          <Step key={key} stepKey={key} state={state}>
            {state === 'todo' && action(key)}
          </Step>
        ))}
      </ol>
    </Card>
  );
}

function Step({
  stepKey,
  state,
  children,
}: {
  stepKey: OnboardingStep;
  state: TOnboarding['steps'][number]['state'];
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  const Icon = state === 'done' ? CircleCheck : state === 'unavailable' ? CircleMinus : Circle;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={`onboarding-${stepKey}`} data-state={state}>
      <Icon aria-hidden="true" className={cn('size-5 shrink-0', state === 'done' ? 'text-success' : 'text-muted-foreground')} />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm font-medium', state === 'done' && 'text-muted-foreground line-through')}>
          {t(`onboarding.step.${stepKey}`)}
        </p>
        <p className="text-xs text-muted-foreground">{t(`onboarding.state.${state}`)}</p>
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </li>
  );
}
