import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';

/** What the server said when an AI action was refused: Setup Required has its own box. */
export interface AiRefusal {
  setup: boolean;
  message: string;
}
export function refusalOf(failure: unknown, fallback: string): AiRefusal {
  return { setup: isApiError(failure) && failure.body?.code === 'AI_NOT_CONFIGURED', message: serverMessage(failure) ?? fallback };
}

export function RefusalNotice({ refusal }: { refusal: AiRefusal }) {
  const { t } = useTranslation('builder');
  if (!refusal.setup) {
    return (
      <p role="alert" className="rounded-xl border border-danger/50 p-3 text-sm text-danger">
        {refusal.message}
      </p>
    );
  }
  return (
    <div role="alert" className="flex flex-col gap-1 rounded-xl border border-border bg-muted p-3 text-sm" data-testid="setup-required">
      <p className="font-semibold">{t('ai.setupRequired')}</p>
      <p className="whitespace-pre-line">{refusal.message}</p>
    </div>
  );
}
