import { useEffect, useState } from 'react';
import type { TSubprocessor, TSubprocessorList } from '@shared/schemas/legal.ts';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { useTranslation } from '@/lib/use-translation';

/** One sub-processor: who (a company only when configured, else its host), what for, which data, where and on what basis. */
function Entry({ entry }: { entry: TSubprocessor }) {
  const { t } = useTranslation('page-subprocessors');
  const rows: [string, string][] = [
    [t('list.purpose'), t(`purposes.${entry.kind}`)],
    [t('list.data'), t(`data.${entry.kind}`)],
    [t('list.host'), entry.host],
    ...(entry.region ? [[t('list.region'), entry.region] as [string, string]] : []),
    [t('list.location'), t(`locations.${entry.location}`)],
    [t('list.transfer'), t(`transfersBasis.${entry.transfer}`)],
  ];
  return (
    <li className="rounded-2xl border border-border bg-card p-5" data-testid="subprocessor" data-kind={entry.kind}>
      <h3 className="text-base font-semibold">{t(`providers.${entry.provider}`)}</h3>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** The sub-processors as the server reads them from the installation's configuration (GET /api/legal/subprocessors). */
export function SubprocessorList() {
  const { t } = useTranslation('page-subprocessors');
  const [list, setList] = useState<TSubprocessor[] | 'error'>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.get<TSubprocessorList>('/api/legal/subprocessors', controller.signal).then(
      (answer) => setList(answer.subprocessors),
      () => controller.signal.aborted || setList('error'),
    );
    return () => controller.abort();
  }, [attempt]);
  return (
    <section aria-labelledby="configured" className="flex flex-col gap-3 text-[15px]">
      <h2 id="configured" className="text-xl font-semibold tracking-tight">
        {t('list.title')}
      </h2>
      {list === undefined ? (
        <p role="status" className="text-muted-foreground">
          {t('list.loading')}
        </p>
      ) : list === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p>{t('list.error')}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setList(undefined);
              setAttempt((n) => n + 1);
            }}
          >
            {t('list.retry')}
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((entry) => (
            <Entry key={`${entry.kind}-${entry.host}`} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
