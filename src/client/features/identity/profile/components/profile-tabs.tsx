import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import ChartColumn from 'lucide-react/icons/chart-column';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserRound from 'lucide-react/icons/user-round';
import type { TUser } from '@shared/schemas/users.ts';
import { Card } from '@/components/ui/card';
import { LoadingPart } from '@/components/ui/loading-part';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isDemoUser } from './demo-lock';
import { ProfileForm } from './profile-form';

// The other tabs load their code when first opened: the password form brings the form library and
// its schema, and most visits look at the profile alone.
const ChangePasswordForm = lazy(() => import('./change-password-form').then((m) => ({ default: m.ChangePasswordForm })));
const ProfileStats = lazy(() => import('./profile-stats').then((m) => ({ default: m.ProfileStats })));
const PreferenceSwitches = lazy(() => import('./preference-switches').then((m) => ({ default: m.PreferenceSwitches })));
const TwoFactorSection = lazy(() => import('../../two-factor/two-factor-section'));
const PasskeysSection = lazy(() => import('../../two-factor/passkeys/passkeys-section'));
const PrivacySections = lazy(() => import('@/features/privacy/profile/privacy-sections').then((m) => ({ default: m.PrivacySections })));

const TABS = [
  { value: 'profile', Icon: UserRound },
  { value: 'stats', Icon: ChartColumn },
  { value: 'security', Icon: ShieldCheck },
  { value: 'settings', Icon: Settings },
] as const;

/**
 * The profile's four tabs: Profil, Statistikker, Sikkerhed, Indstillinger. An address that names a
 * tab (/profile?tab=settings, where the notifications and their mails lead) opens on that tab.
 */
export function ProfileTabs({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const [first] = useState(() => {
    const asked = new URLSearchParams(window.location.search).get('tab');
    return TABS.find(({ value }) => value === asked)?.value ?? 'profile';
  });
  return (
    <Tabs defaultValue={first}>
      <TabsList aria-label={t('profile.tabs.label')}>
        {TABS.map(({ value, Icon }) => (
          <TabsTrigger key={value} value={value}>
            <Icon aria-hidden="true" className="size-4" />
            {t(`profile.tabs.${value}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="profile">
        <Card className="p-6 sm:p-8">
          <ProfileForm user={user} />
        </Card>
      </TabsContent>
      <TabsContent value="stats">
        <Suspense fallback={<LoadingPart className="h-80" />}>
          <ProfileStats user={user} />
        </Suspense>
      </TabsContent>
      <TabsContent value="security">
        <Card className="p-6 sm:p-8">
          <Suspense fallback={<LoadingPart className="h-72" />}>
            <ChangePasswordForm locked={isDemoUser(user)} />
          </Suspense>
        </Card>
        {!isDemoUser(user) && (
          <Suspense fallback={<LoadingPart className="mt-6 h-48" />}>
            <div className="mt-6 flex flex-col gap-6">
              <TwoFactorSection />
              <PasskeysSection />
            </div>
          </Suspense>
        )}
        <Suspense fallback={<LoadingPart className="mt-6 h-64" />}>
          <div className="mt-6 flex flex-col gap-6">
            <PrivacySections user={user} />
          </div>
        </Suspense>
      </TabsContent>
      <TabsContent value="settings">
        <Suspense fallback={<LoadingPart className="h-64" />}>
          <PreferenceSwitches user={user} />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
