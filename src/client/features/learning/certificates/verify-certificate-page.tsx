import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Ban from 'lucide-react/icons/ban';
import CalendarX from 'lucide-react/icons/calendar-x';
import CircleX from 'lucide-react/icons/circle-x';
import Download from 'lucide-react/icons/download';
import { APP_ROUTE_PATTERNS } from '@shared/routes.ts';
import type { CertificateStatus, TCertificateVerification } from '@shared/schemas/certificates.ts';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { Button, buttonClasses } from '@/components/ui/button';
import { api, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { currentLocale, usePageMeta } from '@/lib/i18n';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';

// Only an admin of the issuing company sees it: its dialog and form load then, not with the page.
const RevokeCertificate = lazy(() => import('@/features/learning/certificates/components/revoke-certificate'));

const LOOK: Record<CertificateStatus, { icon: typeof BadgeCheck; box: string; tint: string }> = {
  genuine: { icon: BadgeCheck, box: 'border-success/50 bg-success/10', tint: 'text-success' },
  expired: { icon: CalendarX, box: 'border-danger/50 bg-danger/10', tint: 'text-danger' },
  revoked: { icon: Ban, box: 'border-danger/50 bg-danger/10', tint: 'text-danger' },
  invalid: { icon: CircleX, box: 'border-danger/50 bg-danger/10', tint: 'text-danger' },
};

/**
 * A certificate's public verification page (`/verify/:code`, where its QR code leads):
 * genuine, revoked or not valid, with what it certifies, for anyone. Its holder and the issuing
 * company's admins may download it; those admins may revoke it. A light public page: plain fetch.
 */
export function VerifyCertificatePage() {
  const { t } = useTranslation('page-verify');
  const { pathname, session } = useShell();
  const code = APP_ROUTE_PATTERNS.verifyCertificate.exec(pathname)?.[1] ?? '';
  // The verification (null: no certificate has this code), or the error that stopped it loading.
  const [answer, setAnswer] = useState<{ code: string; verification?: TCertificateVerification | null; error?: unknown }>();
  const [attempt, setAttempt] = useState(0);
  const viewer = session.user?.id ?? null;
  useEffect(() => {
    const controller = new AbortController();
    api.get<TCertificateVerification>(`/api/certificates/${encodeURIComponent(code)}`, controller.signal).then(
      (verification) => setAnswer({ code, verification }),
      (error: unknown) =>
        controller.signal.aborted || setAnswer(isApiError(error) && error.status === 404 ? { code, verification: null } : { code, error }),
    );
    return () => controller.abort();
    // Who looks decides what they may do (download, revoke): a login or logout asks again.
  }, [code, viewer, attempt]);
  const mine = answer?.code === code ? answer : undefined;
  usePageMeta(t('metaTitle'));

  // Names of people: verification pages are for whoever holds the code, not for search engines.
  useEffect(() => {
    const meta = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  if (mine?.error !== undefined && mine.verification === undefined) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-2xl font-bold">{t('failed')}</h1>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (mine?.verification === undefined) return <DelayedPlaceholder kind="content" />;
  return <Verification code={code} verification={mine.verification} onRevoked={(verification) => setAnswer({ code, verification })} />;
}

function Verification({
  code,
  verification,
  onRevoked,
}: {
  code: string;
  verification: TCertificateVerification | null;
  onRevoked: (v: TCertificateVerification) => void;
}) {
  const { t } = useTranslation('page-verify');
  const status = verification?.status ?? 'invalid';
  const certificate = verification?.certificate ?? null;
  const look = LOOK[status];
  const heading = useRef<HTMLHeadingElement>(null);
  // After a revocation the status changes under the admin's eyes: it is where focus goes.
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (moveFocus) heading.current?.focus();
  }, [moveFocus, status]);
  const hours = certificate ? new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 1 }).format(certificate.hours) : '';
  const facts: [string, string][] = certificate
    ? [
        [t('holder'), certificate.holderErased ? t('holderErased') : certificate.holderName],
        [certificate.kind === 'path' ? t('path') : t('course'), certificate.courseTitle],
        [t('company'), certificate.companyName],
        [certificate.kind === 'path' ? t('responsible') : t('instructor'), certificate.instructorName],
        [t('issued'), formatDate(certificate.issuedAt)],
        ...(certificate.expiresAt ? [[t('validUntil'), formatDate(certificate.expiresAt)] as [string, string]] : []),
        ...(certificate.minutes > 0 ? [[t('duration'), t('hours', { count: certificate.hours, hours })] as [string, string]] : []),
        [t('code'), verification!.code],
        ...(verification!.revokedAt ? [[t('revokedAt'), formatDate(verification!.revokedAt)] as [string, string]] : []),
        ...(verification!.revokedReason ? [[t('reason'), verification!.revokedReason] as [string, string]] : []),
      ]
    : [[t('code'), verification?.code ?? code]];

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12 sm:px-6">
      <section
        aria-labelledby="certificate-status"
        className={cn('flex gap-4 rounded-2xl border p-6', look.box)}
        data-testid="certificate-status"
        data-status={status}
      >
        <look.icon aria-hidden="true" className={cn('size-10 shrink-0', look.tint)} />
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-muted-foreground">{t('eyebrow')}</p>
          <h1
            id="certificate-status"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
          >
            {t(`status.${status}.title`)}
          </h1>
          <p>{t(`status.${status}.text`, { company: certificate?.companyName ?? '' })}</p>
        </div>
      </section>
      <section aria-labelledby="certificate-details" className="rounded-2xl border border-border bg-card p-6">
        <h2 id="certificate-details" className="sr-only">
          {t('details')}
        </h2>
        <dl className="divide-y divide-border" data-testid="certificate-details">
          {facts.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-3 sm:grid-cols-[180px_1fr] sm:gap-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className={cn('font-medium break-words', label === t('code') && 'font-mono tracking-wide')}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {verification?.canDownload && (
        <a href={verification.pdfUrl} download className={buttonClasses('secondary', 'md', 'self-start')}>
          <Download aria-hidden="true" className="size-4" />
          {t('download')}
        </a>
      )}
      {verification?.canRevoke && certificate && (
        <Suspense fallback={null}>
          <RevokeCertificate
            verification={verification}
            onRevoked={(revoked) => {
              setMoveFocus(true);
              onRevoked(revoked);
            }}
          />
        </Suspense>
      )}
      <p className="text-sm text-muted-foreground">{t('how')}</p>
    </div>
  );
}
