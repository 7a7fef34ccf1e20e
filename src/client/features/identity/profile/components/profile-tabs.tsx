import { useTranslation } from '@/lib/use-translation';
import ChartColumn from 'lucide-react/icons/chart-column';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserRound from 'lucide-react/icons/user-round';
import type { TUser } from '@shared/schemas/users.ts';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChangePasswordForm } from './change-password-form';
import { isDemoUser } from './demo-lock';
import { PreferenceSwitches } from './preference-switches';
import { ProfileForm } from './profile-form';
import { ProfileStats } from './profile-stats';

const TABS = [
  { value: 'profile', Icon: UserRound },
  { value: 'stats', Icon: ChartColumn },
  { value: 'security', Icon: ShieldCheck },
  { value: 'settings', Icon: Settings },
] as const;

/** The profile's four tabs: Profil, Statistikker, Sikkerhed, Indstillinger. */
export function ProfileTabs({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  return (
    <Tabs defaultValue="profile">
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
        <ProfileStats user={user} />
      </TabsContent>
      <TabsContent value="security">
        <Card className="p-6 sm:p-8">
          <ChangePasswordForm locked={isDemoUser(user)} />
        </Card>
      </TabsContent>
      <TabsContent value="settings">
        <PreferenceSwitches user={user} />
      </TabsContent>
    </Tabs>
  );
}
