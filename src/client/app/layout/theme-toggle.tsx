import { useTranslation } from '@/lib/use-translation';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const Icon = theme === 'dark' ? Sun : Moon;
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}>
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}
