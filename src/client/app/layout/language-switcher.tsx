import { useTranslation } from '@/lib/use-translation';
import type { Language } from '@shared/constants.ts';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/cn';

/** Each language is named in itself, so it can be found whatever the current language is. */
const OPTIONS: { code: Language; short: string; name: string }[] = [
  { code: 'da', short: 'DA', name: 'Dansk' },
  { code: 'en', short: 'EN', name: 'English' },
];

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={cn('flex rounded-lg border border-border p-0.5', className)}>
      {OPTIONS.map((option) => (
        <button
          key={option.code}
          type="button"
          lang={option.code}
          aria-pressed={active === option.code}
          onClick={() => void changeLanguage(option.code)}
          className={cn(
            'h-8 rounded-md px-2 text-xs xl:px-2.5 font-semibold tracking-wide transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            active === option.code ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <span aria-hidden="true">{option.short}</span>
          <span className="sr-only">{option.name}</span>
        </button>
      ))}
    </div>
  );
}
