import { useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { CopyField } from './copy-field';

export interface SecretShownOnceProps {
  title: string;
  warning: string;
  /** The secret's field label, and the secret. */
  label: string;
  value: string;
  copyText: string;
  copiedText: string;
  hideText: string;
  onHide: () => void;
  testId?: string;
}

/**
 * A secret Kursa shows this once and never keeps (a token, an API key): taken into view and focus
 * as it appears, with a button to copy it and one to put it away (`onHide` moves focus on, as the
 * region that held it goes).
 */
export function SecretShownOnce({ title, warning, label, value, copyText, copiedText, hideText, onHide, testId }: SecretShownOnceProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Focus once it is on the page, not in the same frame as the state that shows it.
  useEffect(() => ref.current?.focus(), [value]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-lg border border-accent bg-accent-soft p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {title}
      </h3>
      <p className="text-sm">{warning}</p>
      <CopyField id={`${id}-secret`} label={label} value={value} copyText={copyText} copiedText={copiedText} testId={testId} />
      <div>
        <Button variant="secondary" size="sm" onClick={onHide}>
          {hideText}
        </Button>
      </div>
    </div>
  );
}
