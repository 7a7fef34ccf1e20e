import { lazy, Suspense } from 'react';
import Settings from 'lucide-react/icons/settings';
import type { Role } from '@shared/constants.ts';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingPart } from '@/components/ui/loading-part';
import { LinkButton } from '@/components/ui/link-button';
import { PlanCard } from '@/features/commerce/plans/components/plan-card';
import { MailLog } from '@/features/notifications/components/mail-log';
import { useTranslation } from '@/lib/use-translation';
import { BrandSettings } from './brand-settings';
import { CompanySiteSettings } from './company-site-settings';
import { CustomDomainSettings } from './custom-domain-settings';
import { OrganisationOverview } from './organisation-overview';

// Their own chunks: only admins see them, and it brings the privacy feature's strings.
const CompanyExportSection = lazy(() => import('@/features/privacy/company-export-section'));
const TwoFactorPolicyCard = lazy(() => import('@/features/identity/two-factor/policy-card'));
const CompanyDeletionSection = lazy(() => import('@/features/privacy/company-deletion-section'));
const ScimSettings = lazy(() => import('@/features/identity/scim/scim-settings'));
const ApiKeySettings = lazy(() => import('@/features/identity/api-keys/api-key-settings'));
const WebhookSettings = lazy(() => import('@/features/identity/webhooks/webhook-settings'));
const XapiSettings = lazy(() => import('@/features/identity/xapi/xapi-settings'));
const SsoSettings = lazy(() => import('@/features/identity/sso/sso-settings'));
const EmailDomainsSettings = lazy(() =>
  import('@/features/identity/domains/email-domains-settings').then((m) => ({ default: m.EmailDomainsSettings })),
);
const RetentionSettings = lazy(() => import('@/features/privacy/retention-settings').then((m) => ({ default: m.RetentionSettings })));

/** Indstillinger: the company (for its admins), its site and brand, its e-mail domains, its single sign-on, the mails sent to its people, a copy of its data, whom it requires two-step verification of, how long data is kept, its people's provisioning (SCIM), its API keys, webhooks and learning record store (xAPI), its plan, deleting it, and the way to one's own settings. */
export default function SettingsSection({ role }: { role: Role }) {
  const { t } = useTranslation('account');
  return (
    <>
      {role === 'admin' && <OrganisationOverview />}
      <CompanySiteSettings />
      {role === 'admin' && <CustomDomainSettings />}
      {role === 'admin' && <BrandSettings />}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-48" />}>
          <EmailDomainsSettings />
        </Suspense>
      )}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-64" />}>
          <SsoSettings />
        </Suspense>
      )}
      {role === 'admin' && (
        // The log's strings are the notifications'; the rest of the page does not wait for them.
        <Suspense fallback={<LoadingPart className="h-48" />}>
          <MailLog />
        </Suspense>
      )}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-48" />}>
          <CompanyExportSection />
        </Suspense>
      )}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-48" />}>
          <TwoFactorPolicyCard />
        </Suspense>
      )}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-64" />}>
          <RetentionSettings />
        </Suspense>
      )}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-48" />}>
          <ScimSettings />
        </Suspense>
      )}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-64" />}>
          <ApiKeySettings />
        </Suspense>
      )}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-64" />}>
          <WebhookSettings />
        </Suspense>
      )}
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-64" />}>
          <XapiSettings />
        </Suspense>
      )}
      <PlanCard role={role} />
      {role === 'admin' && (
        <Suspense fallback={<LoadingPart className="h-48" />}>
          <CompanyDeletionSection />
        </Suspense>
      )}
      <EmptyState icon={Settings} level={2} title={t('dashboard.settings.title')} description={t('dashboard.settings.description')}>
        <LinkButton to="/profile">{t('dashboard.settings.action')}</LinkButton>
      </EmptyState>
    </>
  );
}
