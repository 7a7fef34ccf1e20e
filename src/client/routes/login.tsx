import { useTranslation } from '@/lib/use-translation';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { StageItem } from '@/components/ui/stage-item';
import { LoginForm } from '@/features/identity/auth/components/login-form';
import { afterLoginPath, safeNextPath } from '@/lib/safe-redirect';
import { useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';

/** Login; rendered by the light shell on a direct load and by the full app after a navigation. */
export default function LoginRoute() {
  const { t } = useTranslation('auth');
  usePageMeta(t('login.metaTitle'), t('login.lead'));
  const { navigate, search } = useShell();
  const rawNext = new URLSearchParams(search).get('next');
  const next = safeNextPath(rawNext);

  return (
    <Container className="flex max-w-md flex-col py-14 sm:py-20">
      <StageItem className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t('login.title')}</h1>
        <p className="mt-3 text-muted-foreground">{next ? t('login.leadGuarded') : t('login.lead')}</p>
      </StageItem>
      <StageItem className="mt-8">
        <Card className="p-6 sm:p-8">
          <LoginForm onLoggedIn={(user) => navigate(afterLoginPath(user.role, rawNext), { replace: true })} />
        </Card>
      </StageItem>
      <StageItem className="mt-6 flex gap-3 rounded-xl px-2 text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        <p>{t('login.securityNote')}</p>
      </StageItem>
    </Container>
  );
}
