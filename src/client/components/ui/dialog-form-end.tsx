import { Button } from './button';
import { Spinner } from './spinner';

/** A dialog form's end: what went wrong (announced as it appears), then cancel and submit. */
export function DialogFormEnd({
  error,
  cancelLabel,
  onCancel,
  submitLabel,
  pending,
}: {
  error?: string | undefined;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner />}
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
