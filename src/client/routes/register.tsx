import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import Building2 from 'lucide-react/icons/building-2';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { RegisterForm } from '@/features/auth/components/register-form';
import { CvrInfoCard } from '@/features/cvr/components/cvr-info-card';
import { CvrLookupField } from '@/features/cvr/components/cvr-lookup-field';
import { usePageMeta } from '@/lib/use-page-meta';

/** SPEC §2 Register; the CVR look-up (cvr feature) is handed to the form (auth feature) here. */
export default function RegisterRoute() {
  const { t } = useTranslation('auth');
  usePageMeta(t('register.metaTitle'), t('register.lead'));
  const navigate = useNavigate();
  return (
    <Container className="py-14 sm:py-20">
      <StageItem>
        <PageHero
          eyebrow={
            <>
              <Building2 aria-hidden="true" className="size-4" />
              {t('register.eyebrow')}
            </>
          }
          title={t('register.title')}
          lead={t('register.lead')}
        />
      </StageItem>
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        <StageItem>
          <Card className="p-6 sm:p-8">
            <RegisterForm CvrField={CvrLookupField} onRegistered={() => void navigate('/')} />
          </Card>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            {t('register.haveAccount')}{' '}
            <Link to="/login" className="rounded font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring">
              {t('register.loginLink')}
            </Link>
          </p>
        </StageItem>
        <StageItem className="lg:sticky lg:top-24">
          <CvrInfoCard />
        </StageItem>
      </div>
    </Container>
  );
}
