import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * What a deletion card shows while a deletion waits for its date (an account's or the company's):
 * when it happens, the way to cancel it, and why cancelling failed.
 */
export function PendingDeletion(props: {
  text: string;
  cancelLabel: string;
  cancelling: boolean;
  onCancel: () => void;
  error: string | undefined;
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-4" data-testid={props.testId}>
      <p role="status" className="rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm leading-relaxed">
        {props.text}
      </p>
      <Button variant="secondary" className="self-start" disabled={props.cancelling} onClick={props.onCancel}>
        {props.cancelling && <Spinner />}
        {props.cancelLabel}
      </Button>
      {props.error && (
        <p role="alert" className="text-sm text-destructive">
          {props.error}
        </p>
      )}
    </div>
  );
}
