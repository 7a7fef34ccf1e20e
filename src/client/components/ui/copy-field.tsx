import { useState } from 'react';
import { Button } from './button';
import { Input } from './input';

export interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  /** The button's words, and what the status line says once copied. */
  copyText: string;
  copiedText: string;
  testId?: string;
}

/** A read-only value to hand on (an address, a token), with a button that copies it and a status line saying it was copied. */
export function CopyField({ id, label, value, copyText, copiedText, testId }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} onFocus={(e) => e.target.select()} data-testid={testId} className="font-mono text-sm" />
        <Button type="button" variant="secondary" onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}>
          {copyText}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {copied ? copiedText : ''}
      </p>
    </div>
  );
}
