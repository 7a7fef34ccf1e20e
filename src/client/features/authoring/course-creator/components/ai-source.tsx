import Sparkle from 'lucide-react/icons/sparkle';
import type { TAiSource } from '@shared/schemas/ai.ts';
import { useTranslation } from '@/lib/use-translation';

// The single sparkle, as the sidebar's creator: the builder's sparkles in a chunk of their own would
// cost the builder a request more (its first load is at its 150 KB budget).

/** The UI says when content is AI-generated, and by which provider and model (recorded with what the model wrote). */
export function AiSource({ source }: { source: TAiSource }) {
  const { t } = useTranslation('creator-wizard');
  return (
    <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
      <Sparkle aria-hidden="true" className="size-3.5" />
      {t('source', { provider: source.provider, model: source.model })}
    </p>
  );
}
