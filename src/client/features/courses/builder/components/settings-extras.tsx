import type { TCourse } from '@shared/schemas/courses.ts';
import { ScormExport } from './scorm-export';
import { Translations } from './translations';

/** What the settings tab shows below the course's details: its language versions and its export. */
export function SettingsExtras({ course }: { course: TCourse }) {
  return (
    <>
      <Translations course={course} />
      <ScormExport course={course} />
    </>
  );
}
