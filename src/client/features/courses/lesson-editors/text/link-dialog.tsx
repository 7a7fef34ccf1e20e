import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { isSafeHref } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { EditorDialog } from '../components/editor-dialog';

/**
 * What the author typed as a link address, as it will be stored: "kursa.dk" becomes
 * "https://kursa.dk" and "ana@firma.dk" "mailto:ana@firma.dk"; null when it is not a safe address.
 */
export function linkHref(input: string): string | null {
  const value = input.trim();
  if (!value || value.length > 2000 || /\s/.test(value)) return null;
  let href = value;
  if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(value)) href = `mailto:${value}`;
  else if (!/^[a-z][a-z\d+.-]*:/i.test(value) && !value.startsWith('/') && /^[^/]+\.[a-z]{2,}(?:[/?#:]|$)/i.test(value))
    href = `https://${value}`;
  return isSafeHref(href) ? href : null;
}

export interface LinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link under the cursor, when editing one. */
  initialHref: string;
  /** Whether text is selected; if not, the dialog asks for the link's text too. */
  hasSelection: boolean;
  onSubmit: (href: string, text: string) => void;
  onRemove: () => void;
  onClosed: () => void;
}

export function LinkDialog({ open, onOpenChange, initialHref, hasSelection, onSubmit, onRemove, onClosed }: LinkDialogProps) {
  const { t } = useTranslation('lesson-editors');
  const id = useId();
  const [href, setHref] = useState(initialHref);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const safe = linkHref(href);
    if (!safe) {
      setError(t('link.invalid'));
      return;
    }
    onSubmit(safe, text.trim());
    onOpenChange(false);
  };

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={initialHref ? t('link.editTitle') : t('link.title')}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        onClosed();
      }}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field id={`${id}-href`} label={t('link.url')} required error={error} hint={t('link.urlHint')}>
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={href}
              onChange={(event) => {
                setHref(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        {!hasSelection && !initialHref && (
          <Field id={`${id}-text`} label={t('link.text')} hint={t('link.textHint')}>
            {(control) => <Input {...control} value={text} onChange={(event) => setText(event.target.value)} />}
          </Field>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {initialHref && (
            <Button
              variant="ghost"
              onClick={() => {
                onRemove();
                onOpenChange(false);
              }}
            >
              {t('link.remove')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit">{t('link.save')}</Button>
        </div>
      </form>
    </EditorDialog>
  );
}
