import { useId, useState } from 'react';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Microscope from 'lucide-react/icons/microscope';
import Palette from 'lucide-react/icons/palette';
import type { AssistantSlug, TAiService, TChatResponse } from '@shared/schemas/assistants.ts';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { toast } from '@/lib/use-toast';
import { fetchAiServices, testConnection } from '@/features/authoring/ai-assistant/api';
import { StartCta } from '@/components/ui/start-cta';
import { useFetched } from '@/lib/use-fetched';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { openAiChat } from '@/lib/open-ai-chat';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

const ICONS: Record<AssistantSlug, typeof GraduationCap> = {
  'learning-coach': GraduationCap,
  'creative-designer': Palette,
  'research-analyst': Microscope,
};

type TestResult = { ok: true; answer: TChatResponse } | { ok: false; serviceName: string; message: string | null };

/** The public AI assistants page: its hero over the assistants themselves. */
export function AiAssistantPage() {
  const { t } = useTranslation('page-ai-assistant');
  const { t: tc } = useTranslation('common');
  usePageMeta(t('title'), t('lead'));
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')}>
          <StartCta>{tc('nav.getStarted')}</StartCta>
        </PageHero>
      </StageItem>
      <AssistantsPanel className="mt-12" />
    </Container>
  );
}

/**
 * The assistants: a status card per assistant from GET /api/ai-services, Test Connection (a chat
 * call with an empty history) with its result panel, Start Chat (the openAIChat event the chat
 * widget listens for), and the setup documentation. The public page shows them under its hero, the
 * workspace's Assistants page under its heading. Light enough for a public page: plain fetch, no
 * query cache.
 */
export function AssistantsPanel({ className }: { className?: string }) {
  const { t } = useTranslation('page-ai-assistant');
  const { data: services, error, retry } = useFetched('/api/ai-services', fetchAiServices);
  const [message, setMessage] = useState('');
  const [testing, setTesting] = useState<AssistantSlug | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const messageId = useId();
  const resultId = useId();

  const runTest = async (service: TAiService) => {
    setTesting(service.slug);
    setResult(null);
    try {
      const text = message.trim() || t('testMessage.default', { service: service.name });
      setResult({ ok: true, answer: await testConnection(service.slug, text) });
    } catch (failure) {
      const body = isApiError(failure) ? failure.body : null;
      setResult({ ok: false, serviceName: service.name, message: body?.message ?? null });
      toast({ title: t('result.toast'), ...(body?.message && { description: body.message }), variant: 'destructive' });
    } finally {
      setTesting(null);
    }
  };

  return (
    <>
      <StageItem className={className}>
        {error ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-danger/40 bg-card p-6">
            <p className="font-semibold">{t('loadFailed')}</p>
            <Button variant="secondary" onClick={retry}>
              {t('retry')}
            </Button>
          </div>
        ) : !services ? (
          <DelayedPlaceholder kind="grid" />
        ) : (
          <ul className="grid gap-6 md:grid-cols-3" aria-label={t('eyebrow')}>
            {services.map((service) => (
              <li key={service.slug}>
                <ServiceCard service={service} testing={testing} onTest={() => void runTest(service)} />
              </li>
            ))}
          </ul>
        )}
      </StageItem>

      <StageItem className="mt-10 grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={messageId} className="text-sm font-medium">
            {t('testMessage.label')}
          </label>
          {/* A plain textarea (the form kit's would cost this light page its own chunk). */}
          <textarea
            id={messageId}
            rows={4}
            className="w-full rounded-lg border border-input bg-card px-3.5 py-2.5 text-[15px] leading-relaxed shadow-sm placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/50"
            value={message}
            maxLength={4000}
            aria-describedby={`${messageId}-hint`}
            onChange={(event) => setMessage(event.target.value)}
          />
          <p id={`${messageId}-hint`} className="text-sm text-muted-foreground">
            {t('testMessage.hint', { example: t('testMessage.default', { service: 'Learning Coach' }) })}
          </p>
        </div>
        <section aria-labelledby={resultId} aria-live="polite" data-testid="connection-result" className="flex flex-col gap-3">
          <h2 id={resultId} className="text-sm font-medium">
            {t('result.title')}
          </h2>
          {result?.ok === true && (
            <Card className="border-success/40">
              <p className="font-semibold text-success">{t('result.success')}</p>
              <p className="mt-2 text-sm">
                <span className="font-medium">{t('result.service')}:</span> {result.answer.serviceName}
              </p>
              <p className="mt-2 text-sm font-medium">{t('result.response')}:</p>
              <p className="mt-1 text-sm whitespace-pre-wrap text-muted-foreground">{result.answer.response}</p>
            </Card>
          )}
          {result?.ok === false && (
            <Card className="border-danger/40">
              <p className="font-semibold text-danger">{t('result.failed')}</p>
              <p className="mt-2 text-sm">
                <span className="font-medium">{t('result.service')}:</span> {result.serviceName}
              </p>
              <p className="mt-2 text-sm">{t('result.failedText')}</p>
              {result.message && <p className="mt-1 text-sm text-muted-foreground">{result.message}</p>}
            </Card>
          )}
        </section>
      </StageItem>

      <StageItem className="mt-14">
        <Card className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-semibold">{t('help.title')}</h2>
            <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{t('help.text')}</p>
          </div>
          <LinkButton to="/ai-assistant/setup" variant="secondary" className="shrink-0">
            {t('help.action')}
          </LinkButton>
        </Card>
      </StageItem>
    </>
  );
}

function ServiceCard({ service, testing, onTest }: { service: TAiService; testing: AssistantSlug | null; onTest: () => void }) {
  const { t } = useTranslation('page-ai-assistant');
  const Icon = ICONS[service.slug];
  const reason = service.unavailableReason;
  const badge = service.available
    ? t('badge.ready')
    : reason === 'not_configured'
      ? t('badge.setupRequired')
      : reason === 'login_required'
        ? t('badge.loginRequired')
        : reason === 'quota_exceeded'
          ? t('badge.quotaExceeded')
          : t('badge.limitReached');
  const titleId = `assistant-${service.slug}`;
  return (
    <Card className="flex h-full flex-col gap-4" aria-labelledby={titleId} role="group" data-testid={`assistant-${service.slug}`}>
      <div className="flex items-start justify-between gap-3">
        <Icon aria-hidden="true" className="size-7 text-accent" />
        <Badge data-testid="assistant-status" className={cn(!service.available && 'bg-muted text-foreground')}>
          {badge}
        </Badge>
      </div>
      <div>
        <h2 id={titleId} className="text-lg font-semibold">
          {service.name}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{service.description}</p>
      </div>
      {reason && (
        <p className="text-sm">
          {t(`reason.${reason}`)}{' '}
          {reason === 'login_required' && (
            <LinkButton to="/login" variant="ghost" size="sm" className="px-1 underline">
              {t('login')}
            </LinkButton>
          )}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!service.available || testing !== null} aria-describedby={titleId} onClick={onTest}>
          {testing === service.slug ? t('testing') : t('testConnection')}
        </Button>
        <Button disabled={!service.available} aria-describedby={titleId} onClick={() => openAiChat(service.slug)}>
          {t('startChat')}
        </Button>
      </div>
    </Card>
  );
}
