import { useState } from 'react';
import Plus from 'lucide-react/icons/plus';
import { COURSE_LIMITS } from '@shared/course-limits.ts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';

/**
 * The outline's "add a module" form under the modules. `onAdd` gets the title as typed (empty: the
 * outline names it "Module N") and answers whether the module was added; the field then empties.
 */
export function AddModuleForm({ onAdd }: { onAdd: (title: string) => Promise<boolean> }) {
  const { t } = useTranslation('builder');
  const [title, setTitle] = useState('');
  const [adding, setAdding] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAdding(true);
        void onAdd(title.trim()).then((added) => {
          if (added) setTitle('');
          setAdding(false);
        });
      }}
      className="flex flex-wrap items-end gap-2"
      aria-label={t('outline.addModule')}
    >
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <label htmlFor="new-module-title" className="text-sm font-medium">
          {t('outline.newModuleTitle')}
        </label>
        <Input
          id="new-module-title"
          value={title}
          maxLength={COURSE_LIMITS.moduleTitle}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={adding}>
        {adding ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />}
        {t('outline.addModule')}
      </Button>
    </form>
  );
}
