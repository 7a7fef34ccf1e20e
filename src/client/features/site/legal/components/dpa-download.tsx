import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { ShellLink, useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { linkClasses } from './rich-text';

/**
 * The agreement as a PDF with the company filled in, for a company's admin; anyone else is told
 * who can download it (the server answers 403 to anyone but an admin as well).
 */
export function DpaDownload() {
  const { t } = useTranslation('page-dpa');
  const { session } = useShell();
  const admin = session.user?.role === 'admin';
  return (
    <section aria-labelledby="dpa-download" className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6 text-[15px]">
      <h2 id="dpa-download" className="text-xl font-semibold tracking-tight">
        {t('download.title')}
      </h2>
      {admin ? (
        <>
          <p>{t('download.admin')}</p>
          <div>
            <a className={buttonClasses('primary', 'md')} href={`/api/organisation/dpa.pdf?lang=${currentLanguage()}`} download>
              <Download aria-hidden="true" className="size-4" />
              {t('download.button')}
            </a>
          </div>
        </>
      ) : session.user ? (
        <p>{t('download.notAdmin')}</p>
      ) : (
        <p>
          <ShellLink to="/login?next=%2Fdpa" className={linkClasses}>
            {t('download.login')}
          </ShellLink>
        </p>
      )}
    </section>
  );
}
