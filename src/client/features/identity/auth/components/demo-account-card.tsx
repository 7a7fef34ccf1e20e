import { useTranslation } from '@/lib/use-translation';
import KeyRound from 'lucide-react/icons/key-round';
import { Button } from '@/components/ui/button';
import { usePublicConfigValue } from '@/lib/public-config';

type OnUse = (email: string, password: string) => void;

/** Shows the seeded demo logins (the admin, and the learner) when this installation has them (GET /api/public-config). */
export function DemoAccountCard({ onUse }: { onUse: OnUse }) {
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
      <DemoLogin description={t('demo.description')} account={demo} action={t('demo.use')} onUse={onUse} />
      {learner && (
        <div className="mt-5 border-t border-border pt-4" data-testid="demo-learner">
          <DemoLogin description={t('demo.learnerDescription')} account={learner} action={t('demo.useLearner')} onUse={onUse} />
        </div>
      )}
    </section>
  );
}

function DemoLogin({
  description,
  account,
  action,
  onUse,
}: {
  description: string;
  account: { email: string; password: string };
  action: string;
  onUse: OnUse;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('demo.email')}</dt>
        <dd className="font-mono break-all">{account.email}</dd>
        <dt className="text-muted-foreground">{t('demo.password')}</dt>
        <dd className="font-mono break-all">{account.password}</dd>
      </dl>
      <Button variant="secondary" size="sm" className="mt-4" onClick={() => onUse(account.email, account.password)}>
        {action}
      </Button>
    </>
  );
}
