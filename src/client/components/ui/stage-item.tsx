import type { ReactNode } from 'react';

export interface StageItemProps {
  className?: string;
  children?: ReactNode;
}

/**
 * A page's top-level block. A plain div since pages enter with one short fade of the whole page
 * (docs/decisions/008); it marks where a staggered entrance could hook in again.
 */
export function StageItem(props: StageItemProps) {
  return <div {...props} />;
}
