import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { i18n, initI18n } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import type { CreatorAction, CreatorActionRequest } from '../lib/actions';
import { creatorAddress } from '../lib/draft-address';
import type * as DemosExports from './creator-demos';
import { AiToolsGrid } from './ai-tools-grid';
import { RunAllDemos } from './run-all-demos';
import { FeatureGrid } from './feature-grid';
import { HeroFigures } from './hero-figures';

// The demos (with the query cache and the AI calls) are a chunk of their own, fetched on the first
// intent to use them – pointer, focus or touch on them, or a press of Watch Demo or Run All Demos –
// so a first visit of this public page stays within the 100 KB budget (ADR 007/008). The wizard is
// not here at all: it is the workspace's page, where the tools and the call to action lead.
type DemosModule = typeof DemosExports;
let loading: Promise<DemosModule> | undefined;
const loadDemos = () => {
  // The demos' strings come with their code, so they never suspend once they are here.
  loading ??= Promise.all([import('./creator-demos'), initI18n().then(() => i18n.loadNamespaces('creator-wizard'))]).then(
    ([module]) => module,
  );
  loading.catch(() => (loading = undefined));
  return loading;
};

let nextActionId = 1;

/**
 * The AI Course Creator page below its hero, for someone deciding whether to use it: the figures,
 * what it does, its AI tools (each a link to its step of the wizard in the workspace), the call to
 * action into the wizard, and demos of the AI systems that run here.
 */
export function CreatorPage() {
  const { t } = useTranslation('page-course-creator');
  const [demos, setDemos] = useState<DemosModule | null>(null);
  const [action, setAction] = useState<CreatorActionRequest | null>(null);
  const demoHeading = useRef<HTMLHeadingElement>(null);

  const load = () => {
    if (!demos) void loadDemos().then(setDemos, () => undefined);
  };
  const act = (request: CreatorAction) => {
    load();
    setAction({ ...request, id: nextActionId++ });
  };
  const intent = { onPointerEnter: load, onFocus: load, onTouchStart: load };

  return (
    <>
      <HeroFigures />
      <FeatureGrid />

      <AiToolsGrid />

      <section aria-labelledby="creator-cta-heading" className="mt-16 rounded-2xl border border-border bg-card p-8 text-center">
        <h2 id="creator-cta-heading" className="text-2xl font-semibold">
          {t('cta.heading')}
        </h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {/* Into the wizard in the workspace; a visitor logs in first and lands there. */}
          <LinkButton size="lg" to={creatorAddress({ start: 'ai' })} data-testid="creator-start">
            {t('cta.start')}
          </LinkButton>
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

      <section
        aria-labelledby="ai-demo-heading"
        className="mt-16"
        data-testid="ai-demo"
        data-ready={demos ? 'true' : undefined}
        {...intent}
      >
        <h2 id="ai-demo-heading" ref={demoHeading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
          {t('demo.heading')}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t('demo.text')}</p>
        {demos ? (
          <demos.default action={action} />
        ) : (
          <div className="mt-4">
            <RunAllDemos onRun={() => act({ kind: 'demo', demo: 'all' })} />
          </div>
        )}
      </section>
    </>
  );
}
