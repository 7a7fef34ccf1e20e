import { Badge, Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { useAiStatus } from '../api/ai-status';
import { creatorAddress } from '../lib/draft-address';
import { CREATOR_HELPERS, type CreatorHelper } from '../lib/helpers';

/**
 * The creator's four named AI helpers together (docs/decisions/068-ai-images.md): what each does,
 * whether it can work here now (a provider; for the Media Creator an image model too), for an admin
 * the models behind it, and the wizard's step where it works.
 */
export function CreatorHelpers() {
  const { t } = useTranslation('creator-wizard');
  const { session } = useShell();
  const status = useAiStatus(session.user?.id ?? null);
  const models = status.data?.admin;
  return (
    <section aria-labelledby="creator-helpers-heading" data-testid="creator-helpers">
      <h2 id="creator-helpers-heading" className="text-lg font-semibold">
        {t('helpers.heading')}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t('helpers.lead')}</p>
      <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {CREATOR_HELPERS.map((helper) => {
          const ready = status.data ? status.data.configured && (helper.key !== 'media-creator' || status.data.images) : null;
          const modelList = models ? modelsOf(helper, models.taskModels, models.imageModel) : [];
          return (
            <li key={helper.key}>
              <Card className="flex h-full flex-col items-start gap-3" data-testid={`helper-${helper.key}`}>
                <div className="flex w-full flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{helper.name}</h3>
                  {ready !== null && (
                    <Badge className={ready ? undefined : 'bg-muted text-muted-foreground'}>
                      {ready
                        ? t('helpers.ready')
                        : helper.key === 'media-creator' && status.data?.configured
                          ? t('helpers.noImageModel')
                          : t('helpers.setupRequired')}
                    </Badge>
                  )}
                </div>
                {/* The description continues the helper's name on the steps ("Media Creator – draws …"): here it starts a sentence. */}
                <p className="text-sm text-muted-foreground first-letter:uppercase">{t(`helpers.${helper.key}.does`)}</p>
                {modelList.length > 0 && (
                  <p className="text-xs text-muted-foreground">{t('helpers.models', { models: modelList.join(', ') })}</p>
                )}
                <LinkButton to={creatorAddress({ step: helper.steps[0] })} variant="secondary" size="sm" className="mt-auto">
                  {t('helpers.open', { step: t(`steps.${helper.steps[0]}`) })}
                </LinkButton>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The distinct models behind a helper's tasks (and the image model for the Media Creator). */
function modelsOf(helper: CreatorHelper, taskModels: Record<string, string>, imageModel: string | null): string[] {
  const ids = helper.tasks.map((task) => taskModels[task]).filter((id): id is string => Boolean(id));
  if (helper.key === 'media-creator' && imageModel) ids.push(imageModel);
  return [...new Set(ids)];
}
