import { useTranslation } from '@/lib/use-translation';
import { Container } from '@/components/ui/container';
import { StageItem } from '@/components/ui/stage-item';
import { useMe } from '@/lib/me';
import { ProfileSummary } from '@/features/identity/profile/components/profile-summary';
import { ProfileTabs } from '@/features/identity/profile/components/profile-tabs';
import { usePageMeta } from '@/lib/i18n';

/** The profile; the route table's guard guarantees a session. */
export default function ProfileRoute() {
  const { t } = useTranslation('account');
  usePageMeta(t('profile.metaTitle'));
  const { data: user } = useMe();
  if (!user) return null;
  return (
    <Container className="flex max-w-5xl flex-col gap-8 py-12 sm:py-16">
      <StageItem>
        <ProfileSummary user={user} />
      </StageItem>
      <StageItem>
        <ProfileTabs user={user} />
      </StageItem>
    </Container>
  );
}
