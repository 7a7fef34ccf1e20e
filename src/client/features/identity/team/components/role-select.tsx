import { ROLES, type Role } from '@shared/constants.ts';
import { inputClasses } from '@/components/ui/input';
import { useTranslation } from '@/lib/use-translation';

export function RoleSelect({
  id,
  value,
  onChange,
  label,
  disabled,
}: {
  id: string;
  value: Role;
  onChange: (role: Role) => void;
  label?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('team');
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
      className={inputClasses}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </select>
  );
}
