import Database from 'lucide-react/icons/database';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';
import { useXapiSettings } from './api';
import { XapiConnection } from './xapi-connection';
import { XapiQueue } from './xapi-queue';

/**
 * The company's learning record store, for its admins (docs/decisions/063-xapi.md): Kursa sends an
 * xAPI statement there when a learner opens a lesson, progresses, completes a course, passes or
 * fails a quiz or earns a certificate. Its address and credentials are set, paused, tested and
 * removed here, and how the statements of the last 30 days went is followed.
 */
export default function XapiSettings() {
  const { t } = useTranslation('team');
  const settings = useXapiSettings();
  const data = settings.data;
  return (
    <Card role="region" aria-labelledby="xapi-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Database aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="xapi-title" className="text-base font-semibold">
            {t('xapi.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('xapi.description')}</p>
          {data?.installationEndpoint && data.endpoint === null && (
            <p className="text-sm text-muted-foreground" data-testid="xapi-installation-note">
              {t('xapi.installationNote')}
            </p>
          )}
        </div>
      </div>
      {settings.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('xapi.loading')}
        </p>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('xapi.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void settings.refetch()}>
            {t('xapi.retry')}
          </Button>
        </p>
      ) : (
        <>
          <XapiConnection settings={settings.data} />
          <XapiQueue settings={settings.data} />
        </>
      )}
    </Card>
  );
}
