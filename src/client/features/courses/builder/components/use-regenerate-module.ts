import { useState } from 'react';
import { toast } from '@/lib/use-toast';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useBuilder } from './builder-context';

/**
 * A module rewritten with AI: a job, followed in the builder's AI panel (scrolled into view); a
 * refusal (no provider, a limit reached) is said in a toast. `regenerating` is the module whose
 * job is being started. The AI actions' code comes with the first click, not with the outline.
 */
export function useRegenerateModule() {
  const { t } = useTranslation('builder');
  const { followJob } = useBuilder();
  const [regenerating, setRegenerating] = useState<string | null>(null);
  const regenerate = async (moduleId: string) => {
    setRegenerating(moduleId);
    try {
      const { regenerateModule } = await import('../api/generation');
      followJob((await regenerateModule(moduleId)).jobId);
      document.getElementById('ai-panel-heading')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    } catch (failure) {
      const setup = isApiError(failure) && failure.body?.code === 'AI_NOT_CONFIGURED';
      toast({ title: setup ? t('ai.setupRequired') : t('ai.startFailed'), description: serverMessage(failure), variant: 'destructive' });
    } finally {
      setRegenerating(null);
    }
  };
  return { regenerating, regenerate };
}
