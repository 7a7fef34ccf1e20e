import type { ComponentType } from 'react';
import type { LucideProps } from 'lucide-react';
import TrendingUp from 'lucide-react/icons/trending-up';
import FileText from 'lucide-react/icons/file-text';
import Lightbulb from 'lucide-react/icons/lightbulb';
import ListTree from 'lucide-react/icons/list-tree';
import Rocket from 'lucide-react/icons/rocket';
import UserRoundSearch from 'lucide-react/icons/user-round-search';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';
import type { WizardStep } from '../lib/wizard';

type Tool = 'needs' | 'concept' | 'outline' | 'content' | 'insights' | 'launch';

/** The six AI tools (SPEC §2), each opening the wizard step that holds it. */
const TOOLS: { tool: Tool; step: WizardStep; icon: ComponentType<LucideProps> }[] = [
  { tool: 'needs', step: 'start', icon: UserRoundSearch },
  { tool: 'concept', step: 'concept', icon: Lightbulb },
  { tool: 'outline', step: 'outline', icon: ListTree },
  { tool: 'content', step: 'content', icon: FileText },
  { tool: 'insights', step: 'insights', icon: TrendingUp },
  { tool: 'launch', step: 'launch', icon: Rocket },
];

export interface AiToolsGridProps {
  onOpen: (step: WizardStep, tool: Tool) => void;
  /** Steps whose tool is not built yet: marked as coming. */
  comingSteps: readonly WizardStep[];
}

export function AiToolsGrid({ onOpen, comingSteps }: AiToolsGridProps) {
  const { t } = useTranslation('creator');
  const { t: tc } = useTranslation('common');
  return (
    <section aria-labelledby="ai-tools-heading" className="mt-16">
      <h2 id="ai-tools-heading" className="text-2xl font-semibold">
        {t('tools.heading')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="ai-tools">
        {TOOLS.map(({ tool, step, icon: Icon }) => (
          <li key={tool}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start justify-between gap-3">
                <Icon aria-hidden="true" className="size-6 text-accent" />
                {comingSteps.includes(step) && <Badge>{tc('comingSoon')}</Badge>}
              </div>
              <h3 className="font-semibold">{t(`tools.${tool}.title`)}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{t(`tools.${tool}.text`)}</p>
              <div className="mt-auto">
                <Button size="sm" variant="secondary" onClick={() => onOpen(step, tool)} aria-label={`${t('tools.open')}: ${t(`tools.${tool}.title`)}`}>
                  {t('tools.open')}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
