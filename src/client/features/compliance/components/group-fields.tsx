import { GROUP_KINDS, type TGroup, type TGroupRequest } from '@shared/schemas/compliance.ts';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { useTranslation } from '@/lib/use-translation';

type Role = 'admin' | 'instructor' | 'learner';

/** A group as its form holds it: name, kind, and the rule that puts people in it (if any). */
export interface GroupDraft {
  name: string;
  kind: TGroupRequest['kind'];
  rule: 'none' | 'email-domain' | 'role';
  domain: string;
  role: Role;
}

/** A new group's defaults, or the group being changed. */
export function groupDraftOf(group?: TGroup): GroupDraft {
  return {
    name: group?.name ?? '',
    kind: group?.kind ?? 'department',
    rule: group?.rule?.kind ?? 'none',
    domain: group?.rule?.kind === 'email-domain' ? group.rule.value : '',
    role: group?.rule?.kind === 'role' ? group.rule.value : 'learner',
  };
}

export function groupBody(draft: GroupDraft): TGroupRequest {
  return {
    name: draft.name,
    kind: draft.kind,
    rule:
      draft.rule === 'none'
        ? null
        : draft.rule === 'role'
          ? { kind: 'role', value: draft.role }
          : { kind: 'email-domain', value: draft.domain },
  };
}

/**
 * A group's name, kind and rule. `idPrefix` keeps the new group's form and a group being changed
 * (both on the page at once) from sharing ids.
 */
export function GroupFields({
  idPrefix,
  draft,
  onChange,
  errors,
}: {
  idPrefix: string;
  draft: GroupDraft;
  onChange: (change: Partial<GroupDraft>) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('compliance');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-name`} label={t('groups.name')} required error={errors.name}>
          {(control) => <Input {...control} value={draft.name} maxLength={80} onChange={(e) => onChange({ name: e.target.value })} />}
        </Field>
        <Field id={`${idPrefix}-kind`} label={t('groups.kind')} required>
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              value={draft.kind}
              onChange={(e) => onChange({ kind: e.target.value as GroupDraft['kind'] })}
            >
              {GROUP_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`groups.kinds.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-rule`} label={t('groups.rule')} hint={t('groups.ruleHint')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              value={draft.rule}
              onChange={(e) => onChange({ rule: e.target.value as GroupDraft['rule'] })}
            >
              <option value="none">{t('groups.rules.none')}</option>
              <option value="email-domain">{t('groups.rules.email-domain')}</option>
              <option value="role">{t('groups.rules.role')}</option>
            </select>
          )}
        </Field>
        {draft.rule === 'email-domain' && (
          <Field id={`${idPrefix}-domain`} label={t('groups.domain')} required error={errors['rule.value'] ?? errors.rule}>
            {(control) => (
              <Input {...control} value={draft.domain} placeholder="virksomhed.dk" onChange={(e) => onChange({ domain: e.target.value })} />
            )}
          </Field>
        )}
        {draft.rule === 'role' && (
          <Field id={`${idPrefix}-role`} label={t('groups.role')} required>
            {(control) => (
              <select {...control} className={inputClasses} value={draft.role} onChange={(e) => onChange({ role: e.target.value as Role })}>
                {(['admin', 'instructor', 'learner'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`groups.roles.${r}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
    </>
  );
}
