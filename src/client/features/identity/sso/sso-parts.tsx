import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import type { TSsoGroupMapping } from '@shared/schemas/sso.ts';
import type { TGroup } from '@shared/schemas/compliance.ts';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { Input, inputClasses } from '@/components/ui/input';
import { useTranslation } from '@/lib/use-translation';

/** A read-only address to give the provider, with a button that copies it. */
export function CopyValue({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation('account');
  return <CopyField id={id} label={label} value={value} copyText={t('sso.copy')} copiedText={t('sso.copied')} />;
}

/** The provider's groups (as its tokens name them) and the company's groups they put people in. */
export function GroupMappings({
  mappings,
  groups,
  error,
  onChange,
}: {
  mappings: TSsoGroupMapping[];
  groups: TGroup[];
  error: string | undefined;
  onChange: (mappings: TSsoGroupMapping[]) => void;
}) {
  const { t } = useTranslation('account');
  const change = (index: number, value: Partial<TSsoGroupMapping>) =>
    onChange(mappings.map((m, i) => (i === index ? { ...m, ...value } : m)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t('sso.groups')}</legend>
      <p className="text-sm text-muted-foreground">{t('sso.groupsHint')}</p>
      {mappings.map((m, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <Input
            aria-label={t('sso.externalGroup', { n: index + 1 })}
            value={m.externalGroup}
            onChange={(e) => change(index, { externalGroup: e.target.value })}
            className="min-w-56 flex-1 font-mono text-xs"
          />
          <select
            aria-label={t('sso.kursaGroup', { n: index + 1 })}
            className={`${inputClasses} min-w-40 flex-1`}
            value={m.groupId}
            onChange={(e) => change(index, { groupId: e.target.value })}
          >
            <option value="">{t('sso.chooseGroup')}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={t('sso.removeGroup', { n: index + 1 })}
            onClick={() => onChange(mappings.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ))}
      {error && <p className="text-sm text-danger">{error}</p>}
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => onChange([...mappings, { externalGroup: '', groupId: '' }])}>
          <Plus aria-hidden="true" className="size-4" />
          {t('sso.addGroup')}
        </Button>
      </div>
    </fieldset>
  );
}
