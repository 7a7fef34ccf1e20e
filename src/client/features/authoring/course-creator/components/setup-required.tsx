import Settings from 'lucide-react/icons/settings';
import { useTranslation } from '@/lib/use-translation';

const OLLAMA_EXAMPLE = 'OPENAI_BASE_URL=http://127.0.0.1:11434/v1\nAI_MODEL=llama3.1';

/**
 * With no AI provider every AI action says 'Setup Required' rather than inventing output – to an admin
 * with what to set (an Ollama example), to anyone else that their administrator can set it up.
 */
export function SetupRequired({ admin }: { admin: boolean }) {
  const { t } = useTranslation('creator-wizard');
  return (
    <div role="note" data-testid="setup-required" className="rounded-2xl border border-border bg-muted/40 p-5">
      <p className="flex items-center gap-2 font-semibold">
        <Settings aria-hidden="true" className="size-4 text-accent" />
        {t('setup.title')}
      </p>
      {admin ? (
        <div className="mt-2 space-y-2 text-sm leading-relaxed">
          <p>{t('setup.admin')}</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('setup.adminOpenAi')}</li>
            <li>{t('setup.adminAnthropic')}</li>
            <li>
              {t('setup.adminCompatible')}
              <pre className="mt-2 overflow-x-auto rounded-lg bg-card p-3 font-mono text-xs">{OLLAMA_EXAMPLE}</pre>
            </li>
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-sm leading-relaxed">{t('setup.other')}</p>
      )}
    </div>
  );
}
