import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';

/** The recovery codes, shown once: to write down or download, each usable once. */
export function RecoveryCodes({ codes, onDone, level = 3 }: { codes: string[]; onDone: () => void; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('account');
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${t('twoFactor.codes.fileTitle')}\n\n${codes.join('\n')}\n`)}`;
  return (
    <div className="flex flex-col gap-4" role="region" aria-labelledby="recovery-codes-title">
      <Heading id="recovery-codes-title" className="font-semibold">
        {t('twoFactor.codes.title')}
      </Heading>
      <p className="text-sm text-muted-foreground">{t('twoFactor.codes.lead')}</p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-muted p-4 font-mono text-sm"
        aria-label={t('twoFactor.codes.title')}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <a
          href={file}
          download="kursa-gendannelseskoder.txt"
          className="inline-flex h-11 items-center rounded-lg border border-border bg-card px-5 text-[15px] shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t('twoFactor.codes.download')}
        </a>
        <Button onClick={onDone}>{t('twoFactor.codes.done')}</Button>
      </div>
    </div>
  );
}
