import Sparkles from 'lucide-react/icons/sparkles';
import type { TAiSource } from '@shared/schemas/ai.ts';
import { useTranslation } from '@/lib/use-translation';

/** The UI says when content is AI-generated, and by which provider and model (recorded with what the model wrote). */
export function AiSource({ source }: { source: TAiSource }) {
  const { t } = useTranslation('creator-wizard');
  return (
    <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
      <Sparkles aria-hidden="true" className="size-3.5" />
      {t('source', { provider: source.provider, model: source.model })}
    </p>
  );
}
