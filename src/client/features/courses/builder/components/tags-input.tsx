import { useRef, type KeyboardEvent } from 'react';
import X from 'lucide-react/icons/x';
import { useTranslation } from '@/lib/use-translation';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { FieldControlProps } from '@/components/ui/field';
import { mergeTags } from '../lib/settings-values';

interface TagsInputProps {
  control: FieldControlProps;
  /** The tags made into chips. */
  tags: string[];
  /** What is typed and not yet a chip: it is saved with the tags all the same. */
  draft: string;
  onChange: (tags: string[], draft: string) => void;
  onBlur: () => void;
  disabled?: boolean | undefined;
}

/**
 * Tags as chips: Enter, a comma or leaving the field makes the typed text a chip; each chip has a
 * named remove button, and Backspace in the empty field removes the last one. The text typed so far
 * counts as a tag already, so nothing typed is lost if the page closes before it becomes a chip.
 */
export function TagsInput({ control, tags, draft, onChange, onBlur, disabled }: TagsInputProps) {
  const { t } = useTranslation('builder');
  const input = useRef<HTMLInputElement>(null);

  const commit = () => {
    if (draft.trim() !== '') onChange(mergeTags(tags, draft), '');
    else if (draft !== '') onChange(tags, '');
  };

  const type = (value: string) => {
    const last = value.lastIndexOf(',');
    if (last === -1) onChange(tags, value);
    else onChange(mergeTags(tags, value.slice(0, last)), value.slice(last + 1).trimStart());
  };

  const remove = (index: number) => {
    onChange(
      tags.filter((_, i) => i !== index),
      draft,
    );
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      onChange(tags.slice(0, -1), '');
    }
  };

  return (
    <div
      className={cn(
        inputClasses,
        'flex h-auto min-h-11 flex-wrap items-center gap-1.5 py-1.5',
        'focus-within:border-ring focus-within:outline-2 focus-within:outline-offset-0 focus-within:outline-ring/50 has-[[aria-invalid=true]]:border-danger',
        disabled && 'cursor-not-allowed bg-muted',
      )}
    >
      {tags.length > 0 && (
        <ul aria-label={t('settings.tagsList')} className="contents">
          {tags.map((tag, index) => (
            <li
              key={`${tag}-${index}`}
              className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 ps-2.5 pe-1 text-sm text-foreground"
            >
              <span>{tag}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => remove(index)}
                aria-label={t('settings.removeTag', { tag })}
                className="inline-flex size-5 items-center justify-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        {...control}
        ref={input}
        value={draft}
        disabled={disabled}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit();
          onBlur();
        }}
        enterKeyHint="done"
        className="min-w-32 flex-1 bg-transparent outline-none placeholder:text-muted-foreground"
      />
    </div>
  );
}
