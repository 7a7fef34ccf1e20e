import { useTranslation } from '@/lib/use-translation';
import KeyRound from 'lucide-react/icons/key-round';
import { Button } from '@/components/ui/button';
import { usePublicConfigValue } from '../api/public-config';

/** Shows the seeded demo login when this installation has one (GET /api/public-config). */
export function DemoAccountCard({ onUse }: { onUse: (email: string, password: string) => void }) {
  const { t } = useTranslation('auth');
  // Plain state, not TanStack Query: the login page also runs on the light shell.
  const config = usePublicConfigValue();
  const demo = config?.demoAccount;
  const learner = config?.demoLearner;
  if (!demo) return null;
  return (
    <section aria-labelledby="demo-title" className="rounded-2xl border border-dashed border-border bg-muted/60 p-5">
      <div className="flex items-center gap-2">
        <KeyRound aria-hidden="true" className="size-4 text-accent" />
        <h2 id="demo-title" className="text-sm font-semibold">
          {t('demo.title')}
        </h2>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">{t('demo.description')}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('demo.email')}</dt>
        <dd className="font-mono break-all">{demo.email}</dd>
        <dt className="text-muted-foreground">{t('demo.password')}</dt>
        <dd className="font-mono break-all">{demo.password}</dd>
      </dl>
      <Button variant="secondary" size="sm" className="mt-4" onClick={() => onUse(demo.email, demo.password)}>
        {t('demo.use')}
      </Button>
      {learner && (
        <div className="mt-5 border-t border-border pt-4" data-testid="demo-learner">
          <p className="text-sm text-muted-foreground">{t('demo.learnerDescription')}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('demo.email')}</dt>
            <dd className="font-mono break-all">{learner.email}</dd>
            <dt className="text-muted-foreground">{t('demo.password')}</dt>
            <dd className="font-mono break-all">{learner.password}</dd>
          </dl>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => onUse(learner.email, learner.password)}>
            {t('demo.useLearner')}
          </Button>
        </div>
      )}
    </section>
  );
}
