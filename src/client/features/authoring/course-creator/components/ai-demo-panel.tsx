import { useEffect, useRef, useState } from 'react';
import { CREATOR_TIMINGS } from '@shared/creator-timings.ts';
import type { TAiSource } from '@shared/schemas/ai.ts';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { analyzeTeacherNeeds } from '../api/analyze-teacher-needs';
import { generateConcept } from '../api/generate-concept';
import type { CreatorActionRequest } from '../lib/actions';
import { errorText } from '../lib/ai-errors';
import { DEMOS, type DemoName } from '../lib/demos';
import { AiGate, useAiAvailability } from './ai-gate';
import { AiSource } from './ai-source';
import { DemoCard } from './demo-card';
import { RunAllDemos } from './run-all-demos';

type DemoState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'done'; text: string; source: TAiSource; ms: number }
  | { status: 'failed'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The AI demo cards: Demo AI marks a card processing while a real, small request runs on this
 * installation's AI (at least 3 s), then shows what came back; Run All Demos starts all.
 */
export function AiDemoPanel({ action }: { action: CreatorActionRequest | null }) {
  const { t } = useTranslation('creator-wizard');
  const { state: availability } = useAiAvailability();
  const [states, setStates] = useState<Record<DemoName, DemoState>>({ concept: { status: 'idle' }, needs: { status: 'idle' } });
  const running = useRef(new Set<DemoName>());
  const handled = useRef<number | null>(null);
  const ready = availability === 'ready';

  const call = async (demo: DemoName): Promise<{ text: string; source: TAiSource }> => {
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

  const run = async (demo: DemoName) => {
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

  // A Demo AI or Run All Demos pressed on the page before this chunk had loaded.
  useEffect(() => {
    if (!action || action.kind !== 'demo' || handled.current === action.id || availability === 'checking') return;
    handled.current = action.id;
    if (!ready) return;
    for (const demo of action.demo === 'all' ? DEMOS : [action.demo]) void run(demo);
    // run() only reads refs and setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [action, availability, ready]);

  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {ready && (
          <RunAllDemos
            onRun={() => DEMOS.forEach((demo) => void run(demo))}
            disabled={DEMOS.every((d) => states[d].status === 'processing')}
          />
        )}
        <AiGate>{null}</AiGate>
      </div>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {DEMOS.map((demo) => {
          const state = states[demo];
          return (
            <li key={demo}>
              <DemoCard demo={demo} processing={state.status === 'processing'} {...(ready && { onRun: () => void run(demo) })}>
                {state.status === 'done' && (
                  <div data-testid="demo-result">
                    <p>
                      {state.text}{' '}
                      <span className="text-muted-foreground">({t('demo.took', { seconds: (state.ms / 1000).toFixed(1) })})</span>
                    </p>
                    <AiSource source={state.source} />
                  </div>
                )}
                {state.status === 'failed' && <p className="text-danger">{t('demo.failed', { message: state.message })}</p>}
              </DemoCard>
            </li>
          );
        })}
      </ul>
    </>
  );
}
