import KeyRound from 'lucide-react/icons/key-round';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';
import { AUDIT_KEY_URL, useAuditPublicKey } from './api/audit-log';

/** The fingerprint in groups of four, so it can be read aloud and compared by eye. */
const grouped = (hex: string) => hex.match(/.{1,4}/g)?.join(' ') ?? hex;

/**
 * The installation's public key for an auditor: the PEM to check the signed heads with, and its
 * SHA-256 fingerprint to compare with the one the operator publishes (a key from the app alone
 * proves nothing against whoever runs the app).
 */
export function AuditKeyCard() {
  const { t } = useTranslation('privacy');
  const key = useAuditPublicKey(true);
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('key.title')}</h2>
      <p className="max-w-3xl text-sm text-muted-foreground">{t('key.text')}</p>
      {key.data && (
        <p className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('key.fingerprint')}</span>
          <code className="break-all font-mono text-xs" data-testid="key-fingerprint">
            {grouped(key.data.fingerprint)}
          </code>
        </p>
      )}
      <div>
        <a className={buttonClasses('secondary', 'sm')} href={AUDIT_KEY_URL} download>
          <KeyRound aria-hidden="true" className="size-4" />
          {t('key.download')}
        </a>
      </div>
    </Card>
  );
}
