import { Badge } from '@/components/ui/card';

/** Marks a feature a public page describes but Kursa does not have yet, so no page promises it works. */
export function ComingSoonBadge({ label }: { label: string }) {
  return <Badge data-testid="coming-soon-badge">{label}</Badge>;
}
