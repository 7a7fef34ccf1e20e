import { useTranslation } from '@/lib/use-translation';
import type { Role } from '@shared/constants.ts';
import { Badge } from '@/components/ui/card';

/** 'Instruktør' for instructors, 'Administrator' for admins, 'Kursist' for learners. */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('account');
  return <Badge>{t(`roles.${role}`)}</Badge>;
}
