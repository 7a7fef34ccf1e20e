import PackageOpen from 'lucide-react/icons/package-open';
import type { TCourse } from '@shared/schemas/courses.ts';
import { buttonClasses } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';

/**
 * The course as a SCORM package for another LMS: plain download links, so the browser saves the
 * ZIP as the server streams it (docs/decisions/066-scorm-export.md).
 */
export function ScormExport({ course }: { course: TCourse }) {
  const { t } = useTranslation('builder');
  const href = (format: 'scorm12' | 'scorm2004') => `/api/courses/${encodeURIComponent(course.id)}/export?format=${format}`;
  return (
    <section aria-labelledby="scorm-export-heading" className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5">
      <div className="flex items-center gap-2">
        <PackageOpen aria-hidden="true" className="size-5 text-primary" />
        <h2 id="scorm-export-heading" className="text-lg font-semibold">
          {t('scormExport.title')}
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">{t('scormExport.intro')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <a className={buttonClasses('secondary')} href={href('scorm12')} download>
          {t('scormExport.scorm12')}
        </a>
        <a className={buttonClasses('secondary')} href={href('scorm2004')} download>
          {t('scormExport.scorm2004')}
        </a>
      </div>
      <p className="text-sm text-muted-foreground">{t('scormExport.versions')}</p>
    </section>
  );
}
