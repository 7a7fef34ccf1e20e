import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { i18n, initI18n } from '@/lib/i18n';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import type { CreatorAction, CreatorActionRequest } from '../lib/actions';
import type * as WorkspaceExports from './creator-workspace';
import { WIZARD_STEPS } from '../lib/steps';
import { AiToolsGrid } from './ai-tools-grid';
import { RunAllDemos } from './run-all-demos';
import { FeatureGrid } from './feature-grid';
import { HeroFigures } from './hero-figures';
import { StartChoice } from './start-choice';
import { StepIndicator } from './step-indicator';

// The wizard and the demos (with the query cache and the AI calls) are one chunk, fetched on the
// first intent to use them – pointer, focus or touch on them, or a press of any of the page's
// buttons – so a first visit of this public page stays within the 100 KB budget (ADR 007/008).
// The stand-ins stay on screen until the chunk has arrived, then give way at once (no Suspense
// fallback remounting them under a pointer mid-click).
type WorkspaceModule = typeof WorkspaceExports;
let loading: Promise<WorkspaceModule> | undefined;
const loadWorkspace = () => {
  // The workspace's strings come with its code, so it never suspends once it is here.
  loading ??= Promise.all([import('./creator-workspace'), initI18n().then(() => i18n.loadNamespaces('creator-wizard'))]).then(
    ([module]) => module,
  );
  loading.catch(() => (loading = undefined));
  return loading;
};

let nextActionId = 1;

/** The AI Course Creator page below its hero: figures, features, wizard, tools, call to action, demos. */
export function CreatorPage() {
  const { t } = useTranslation('page-course-creator');
  const [workspace, setWorkspace] = useState<WorkspaceModule | null>(null);
  const [action, setAction] = useState<CreatorActionRequest | null>(null);
  const demoHeading = useRef<HTMLHeadingElement>(null);

  const load = () => {
    if (!workspace) void loadWorkspace().then(setWorkspace, () => undefined);
  };
  const act = (request: CreatorAction) => {
    load();
    setAction({ ...request, id: nextActionId++ });
  };
  const intent = { onPointerEnter: load, onFocus: load, onTouchStart: load };
  // An address naming a saved draft (?draft=id) is the intent to continue it: the wizard loads at once.
  const { search } = useShell();
  const resuming = new URLSearchParams(search).has('draft');
  useEffect(() => {
    if (resuming) void loadWorkspace().then(setWorkspace, () => undefined);
  }, [resuming]);

  // Until the wizard's code is here: its first step, whose buttons are real (they hand over their action).
  const standIn = (
    <>
      <div className="mt-6">
        <StepIndicator current={0} onSelect={(index) => act({ kind: 'step', index })} />
      </div>
      <Card className="mt-4 flex flex-col gap-6">
        <h3 className="text-xl font-semibold">{t('steps.start')}</h3>
        <StartChoice onAi={() => act({ kind: 'ai' })} onManual={() => act({ kind: 'manual' })} />
      </Card>
    </>
  );
  const demosStandIn = (
    <div className="mt-4">
      <RunAllDemos onRun={() => act({ kind: 'demo', demo: 'all' })} />
    </div>
  );

  return (
    <>
      <HeroFigures />
      <FeatureGrid />

      <section
        aria-labelledby="wizard-heading"
        className="mt-16"
        data-testid="creator-wizard"
        data-ready={workspace ? 'true' : undefined}
        {...intent}
      >
        <h2 id="wizard-heading" className="text-2xl font-semibold">
          {t('wizard.heading')}
        </h2>
        {workspace ? <workspace.default action={action} /> : standIn}
      </section>

      <AiToolsGrid onOpen={(step, tool) => act(tool === 'needs' ? { kind: 'ai' } : { kind: 'step', index: WIZARD_STEPS.indexOf(step) })} />

      <section aria-labelledby="creator-cta-heading" className="mt-16 rounded-2xl border border-border bg-card p-8 text-center">
        <h2 id="creator-cta-heading" className="text-2xl font-semibold">
          {t('cta.heading')}
        </h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => act({ kind: 'ai' })}>
            {t('cta.start')}
          </Button>
          <Button
            size="lg"
            variant="secondary"
            onClick={() => {
              load();
              demoHeading.current?.focus();
            }}
          >
            {t('cta.demo')}
          </Button>
        </div>
      </section>

      <section aria-labelledby="ai-demo-heading" className="mt-16" data-testid="ai-demo" {...intent}>
        <h2 id="ai-demo-heading" ref={demoHeading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
          {t('demo.heading')}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t('demo.text')}</p>
        {workspace ? <workspace.CreatorDemos action={action} /> : demosStandIn}
      </section>
    </>
  );
}
