import type { ReactNode } from 'react';

/**
 * The catalogue's empty, no-results and error states: a smaller EmptyState without its own chunk
 * (the catalogue is a light page with little room left in its JavaScript budget).
 */
export function Notice({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center">
      <h2 className="font-semibold">{title}</h2>
      {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
      {children}
    </div>
  );
}
