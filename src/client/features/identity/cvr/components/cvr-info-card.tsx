import { useTranslation } from '@/lib/use-translation';
import Info from 'lucide-react/icons/info';
import { Card } from '@/components/ui/card';

/** Explains what a CVR number is and why registration needs one. */
export function CvrInfoCard() {
  const { t } = useTranslation('cvr');
  return (
    <Card className="bg-accent-soft/60">
      <div className="flex gap-3">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="flex flex-col gap-2 text-sm leading-relaxed">
          <h2 className="text-base font-semibold text-foreground">{t('info.title')}</h2>
          <p className="text-muted-foreground">{t('info.what')}</p>
          <p className="text-muted-foreground">{t('info.autofill')}</p>
          <p className="font-medium text-foreground">{t('info.onlyDanish')}</p>
        </div>
      </div>
    </Card>
  );
}
