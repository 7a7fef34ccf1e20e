import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';

/** Also shown by main.tsx when the app itself cannot be downloaded. */
export function CrashNotice() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('crash.title')}</h1>
      <p className="text-muted-foreground">{t('crash.description')}</p>
      <Button onClick={() => window.location.reload()}>{t('crash.reload')}</Button>
    </div>
  );
}

interface State {
  failed: boolean;
}

/**
 * Catches render errors, mostly a page's code failing to download after a new deploy, and offers
 * a reload instead of a blank screen.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CrashNotice /> : this.props.children;
  }
}
