import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/** Environment variable names in a sentence, set as code (they are typed exactly as written). */
function WithCode({ text }: { text: string }) {
  const parts = text.split(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9<>]+)+)\b/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * The documentation behind the AI assistants page's View Documentation: who sets up
 * the AI provider, how, per-task models, the limits, and what a provider receives.
 */
export function AiSetupPage() {
  const { t } = useTranslation('page-ai-setup');
  usePageMeta(t('title'), t('lead'));
  const sections = [
    { title: t('who.title'), lines: [t('who.text')] },
    {
      title: t('providers.title'),
      lines: [t('providers.openai'), t('providers.anthropic'), t('providers.compatible'), t('providers.order')],
      list: true,
    },
    { title: t('models.title'), lines: [t('models.text')] },
    { title: t('limits.title'), lines: [t('limits.tokens'), t('limits.messages'), t('limits.timeout')], list: true },
    { title: t('data.title'), lines: [t('data.text')] },
    { title: t('check.title'), lines: [t('check.text')] },
  ];
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      </StageItem>
      <StageItem className="mt-12 flex max-w-3xl flex-col gap-6">
        {sections.map((section) => (
          <Card key={section.title} className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold">{section.title}</h2>
            {section.list ? (
              <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed">
                {section.lines.map((line) => (
                  <li key={line}>
                    <WithCode text={line} />
                  </li>
                ))}
              </ul>
            ) : (
              section.lines.map((line) => (
                <p key={line} className="text-sm leading-relaxed">
                  <WithCode text={line} />
                </p>
              ))
            )}
          </Card>
        ))}
        <LinkButton to="/ai-assistant" variant="secondary" className="self-start">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('back')}
        </LinkButton>
      </StageItem>
    </Container>
  );
}
