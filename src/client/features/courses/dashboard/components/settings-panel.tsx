import { useTranslation } from '@/lib/use-translation';
import Settings from 'lucide-react/icons/settings';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { TeamSettings } from '@/features/identity/team/components/team-settings';
import { CompanySiteSettings } from './company-site-settings';

/** The dashboard's settings tab: the company's site, the team, and the way to one's own settings. */
export default function SettingsPanel() {
  const { t } = useTranslation('account');
  return (
    <>
      <CompanySiteSettings />
      <TeamSettings />
      <EmptyState icon={Settings} title={t('dashboard.settings.title')} description={t('dashboard.settings.description')}>
        <LinkButton to="/profile">{t('dashboard.settings.action')}</LinkButton>
      </EmptyState>
    </>
  );
}
