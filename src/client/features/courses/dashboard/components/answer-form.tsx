import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';

/**
 * The form a course answers a learner with (a review's reply, a question's answer). It opens on the
 * person's own request, so its field takes the focus; it starts from the saved text each time it opens.
 */
export function AnswerForm({
  id,
  label,
  initial,
  maxLength,
  rows,
  pending,
  error,
  submitLabel,
  cancelLabel,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  initial: string;
  maxLength: number;
  rows: number;
  pending: boolean;
  error: string | undefined;
  submitLabel: string;
  cancelLabel: string;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || pending) return;
    onSubmit(text.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="mt-1 flex flex-col gap-2">
      <Field id={id} label={label} error={error}>
        {(control) => (
          <Textarea
            {...control}
            autoFocus
            rows={rows}
            maxLength={maxLength}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={!text.trim() || pending}>
          {submitLabel}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </form>
  );
}
