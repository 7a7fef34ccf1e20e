import type { ComponentType, ReactNode } from 'react';
import type { LucideProps } from 'lucide-react';
import { Card } from './card';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  icon: ComponentType<LucideProps>;
}

export function StatCard({ label, value, caption, icon: Icon }: StatCardProps) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="flex size-9 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
      </div>
      <p className="text-3xl font-bold tracking-tight tabular-nums">{value}</p>
      {caption && <p className="text-sm text-muted-foreground">{caption}</p>}
    </Card>
  );
}
