import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';
import type { WizardStep } from '../lib/steps';

type Tool = 'needs' | WizardStep;

/** The six AI tools, each opening the wizard step that holds it (the needs analysis: the start). */
const TOOLS: Exclude<Tool, 'start'>[] = ['needs', 'concept', 'outline', 'content', 'insights', 'launch'];

export function AiToolsGrid({ onOpen }: { onOpen: (step: WizardStep, tool: Tool) => void }) {
  const { t } = useTranslation('page-course-creator');
  return (
    <section aria-labelledby="ai-tools-heading" className="mt-16">
      <h2 id="ai-tools-heading" className="text-2xl font-semibold">
        {t('tools.heading')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="ai-tools">
        {TOOLS.map((tool) => (
          <li key={tool} className="relative">
            <Card className="flex h-full flex-wrap items-center justify-between gap-2 p-4">
              <h3 className="font-semibold">
                {/* The tool opens the wizard step that holds it; the whole card is its target. */}
                <button
                  type="button"
                  onClick={() => onOpen(tool === 'needs' ? 'start' : tool, tool)}
                  className="text-left underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {t(`tools.${tool}`)}
                </button>
              </h3>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
