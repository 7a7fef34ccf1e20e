import { useRef, useState, type Ref } from 'react';
import Play from 'lucide-react/icons/play';
import { CREATOR_TIMINGS } from '@shared/constants.ts';
import type { TAiSource } from '@shared/schemas/ai.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { analyzeTeacherNeeds } from '../api/analyze-teacher-needs';
import { generateConcept } from '../api/generate-concept';
import { errorText } from '../lib/ai-errors';
import { AiGate, useAiAvailability } from './ai-gate';
import { AiSource } from './ai-source';

type Demo = 'concept' | 'needs';
const DEMOS: Demo[] = ['concept', 'needs'];

type DemoState = { status: 'idle' } | { status: 'processing' } | { status: 'done'; text: string; source: TAiSource; ms: number } | { status: 'failed'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SPEC §4 AI demo cards: Demo AI marks a card processing while a real, small request runs on this
 * installation's AI (at least SPEC's 3 s), then shows what came back; Run All Demos starts all.
 */
export function AiDemoPanel({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation('creator');
  const { state: availability } = useAiAvailability();
  const [states, setStates] = useState<Record<Demo, DemoState>>({ concept: { status: 'idle' }, needs: { status: 'idle' } });
  const running = useRef(new Set<Demo>());

  const call = async (demo: Demo): Promise<{ text: string; source: TAiSource }> => {
    const language = currentLanguage();
    if (demo === 'concept') {
      const answer = await generateConcept({ industry: t('demo.concept.industry'), target_audience: t('demo.concept.audience'), language });
      return { text: t('demo.concept.result', { titles: answer.concepts.map((c) => c.title).join(' · ') }), source: answer.source };
    }
    const profile = await analyzeTeacherNeeds({
      answers: { subject: t('demo.needs.subject'), audience: t('demo.needs.audience'), goals: t('demo.needs.goals') },
      course_context: { language },
    });
    return { text: t('demo.needs.result', { subject: profile.subject, count: profile.missingFeatures.length }), source: profile.source };
  };

  const run = async (demo: Demo) => {
    if (running.current.has(demo)) return;
    running.current.add(demo);
    setStates((s) => ({ ...s, [demo]: { status: 'processing' } }));
    const started = performance.now();
    try {
      const [result] = await Promise.all([call(demo), wait(CREATOR_TIMINGS.demoMinMs)]);
      setStates((s) => ({ ...s, [demo]: { status: 'done', ...result, ms: performance.now() - started } }));
    } catch (error) {
      setStates((s) => ({ ...s, [demo]: { status: 'failed', message: errorText(error) } }));
    } finally {
      running.current.delete(demo);
    }
  };

  return (
    <section aria-labelledby="ai-demo-heading" className="mt-16" data-testid="ai-demo">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="ai-demo-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
            {t('demo.heading')}
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">{t('demo.text')}</p>
        </div>
        {availability === 'ready' && (
          <Button variant="secondary" onClick={() => DEMOS.forEach((demo) => void run(demo))} disabled={DEMOS.every((d) => states[d].status === 'processing')}>
            <Play aria-hidden="true" className="size-4" />
            {t('demo.runAll')}
          </Button>
        )}
      </div>
      <div className="mt-4">
        <AiGate>{null}</AiGate>
      </div>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {DEMOS.map((demo) => {
          const state = states[demo];
          return (
            <li key={demo}>
              <Card className="flex h-full flex-col gap-3" data-testid={`demo-${demo}`} aria-busy={state.status === 'processing'}>
                <h3 className="font-semibold">{t(`demo.${demo}.title`)}</h3>
                <p className="text-sm text-muted-foreground">{t(`demo.${demo}.text`)}</p>
                <div aria-live="polite" className="min-h-6 text-sm">
                  {state.status === 'processing' && (
                    <p className="flex items-center gap-2" data-testid="demo-processing">
                      <Spinner />
                      {t('demo.processing')}
                    </p>
                  )}
                  {state.status === 'done' && (
                    <div data-testid="demo-result">
                      <p>
                        {state.text} <span className="text-muted-foreground">({t('demo.took', { seconds: (state.ms / 1000).toFixed(1) })})</span>
                      </p>
                      <AiSource source={state.source} />
                    </div>
                  )}
                  {state.status === 'failed' && <p className="text-danger">{t('demo.failed', { message: state.message })}</p>}
                </div>
                {availability === 'ready' && (
                  <div className="mt-auto">
                    <Button size="sm" onClick={() => void run(demo)} disabled={state.status === 'processing'} aria-label={`${t('demo.run')}: ${t(`demo.${demo}.title`)}`}>
                      {state.status === 'processing' ? <Spinner /> : <Play aria-hidden="true" className="size-4" />}
                      {t('demo.run')}
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
