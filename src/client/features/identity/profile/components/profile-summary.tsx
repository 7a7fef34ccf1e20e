import { useTranslation } from '@/lib/use-translation';
import Building2 from 'lucide-react/icons/building-2';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import type { TUser } from '@shared/schemas/users.ts';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { RoleBadge } from './role-badge';

/** The profile's header card: who the user is, at a glance. */
export function ProfileSummary({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const name = user.contactName || user.username;
  const details = [
    { Icon: Mail, label: t('profile.summary.email'), value: user.email },
    { Icon: Phone, label: t('profile.summary.phone'), value: user.phone },
    { Icon: MapPin, label: t('profile.summary.location'), value: `${user.postalCode} ${user.city}` },
    {
      Icon: CalendarDays,
      label: t('profile.summary.memberSince'),
      value: t('profile.summary.memberSinceValue', { date: formatDate(user.createdAt) }),
    },
  ];
  return (
    <Card className="flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:p-8">
      <div
        aria-hidden="true"
        className="flex size-20 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-violet-600 text-3xl font-bold text-white shadow-lg shadow-primary/30"
      >
        {name.trim().charAt(0).toUpperCase()}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
          <RoleBadge role={user.role} />
        </div>
        <p className="flex items-center gap-2 text-muted-foreground">
          <Building2 aria-hidden="true" className="size-4" />
          {user.companyName}
        </p>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {details.map(({ Icon, label, value }) => (
            <div key={label} className="flex min-w-0 items-center gap-2">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <dt className="sr-only">{label}</dt>
              <dd className="truncate">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}
