import { Card } from '@/components/ui/card';
import { ShellLink } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { creatorAddress } from '../lib/draft-address';

/** The six AI tools, each leading to the wizard's step that holds it (the needs analysis: the AI start). */
const TOOLS = ['needs', 'concept', 'outline', 'content', 'insights', 'launch'] as const;

export function AiToolsGrid() {
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
                {/* The tool's step in the workspace's wizard; the whole card is the link's target. */}
                <ShellLink
                  to={creatorAddress(tool === 'needs' ? { start: 'ai' } : { step: tool })}
                  className="text-left underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {t(`tools.${tool}`)}
                </ShellLink>
              </h3>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
