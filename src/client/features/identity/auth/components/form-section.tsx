import type { ReactNode } from 'react';

/** A titled group of fields; the legend names the group for assistive technology. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-5 border-t border-border pt-6 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
