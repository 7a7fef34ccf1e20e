import { useEffect, useRef, useState } from 'react';
import Maximize from 'lucide-react/icons/maximize';
import type { TScormContent } from '@shared/schemas/lesson-content.ts';
import type { TScormRun } from '@shared/schemas/learning.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';

/** How often the runtime commits on its own between the SCO's own commits. */
const AUTOCOMMIT_SECONDS = 30;

/** What the view needs of scorm-again's runtimes (SCORM 1.2's and 2004's). */
interface Runtime {
  loadFromJSON(json: Record<string, unknown>, CMIElement?: string): void;
  renderCommitCMI(terminateCommit: boolean, includeTotalTime?: boolean): unknown;
  isInitialized(): boolean;
}

type Globals = Window & { API?: unknown; API_1484_11?: unknown };

/** The package's file, by its path (each segment encoded, the item's parameters kept). */
function packageUrl(content: TScormContent): string {
  const cut = content.launch.search(/[?#]/);
  const path = cut < 0 ? content.launch : content.launch.slice(0, cut);
  const rest = cut < 0 ? '' : content.launch.slice(cut);
  return `/api/scorm/${encodeURIComponent(content.packageId)}/${path.split('/').map(encodeURIComponent).join('/')}${rest}`;
}

export interface ScormViewProps {
  content: TScormContent;
  title: string;
  /** The CMI data the SCO starts from. */
  start: (signal: AbortSignal) => Promise<TScormRun>;
  /** Keeps a commit; `leaving` as the lesson or the page is left. Without it nothing is kept (a preview). */
  onCommit?: ((run: TScormRun, leaving: boolean) => Promise<unknown>) | undefined;
}

/**
 * A SCORM lesson's SCO (docs/decisions/065-scorm-player.md): scorm-again's runtime for the
 * package's version is made this window's `API` (1.2) or `API_1484_11` (2004), loaded with the
 * starting data, and the SCO opened in a frame from the package's own path. Every commit is
 * handed on at once (the SCO is answered without waiting), and one more as the lesson or the page
 * is left. The runtime's code is fetched when a SCORM lesson opens.
 */
export default function ScormView({ content, title, start, onCommit }: ScormViewProps) {
  const { t } = useTranslation('lesson-editors');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [notSaved, setNotSaved] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  // The latest callbacks, for the runtime made once per lesson.
  const given = useRef({ start, onCommit });
  useEffect(() => {
    given.current = { start, onCommit };
  });

  useEffect(() => {
    const controller = new AbortController();
    const globals = window as Globals;
    const name = content.version === '1.2' ? 'API' : 'API_1484_11';
    let runtime: Runtime | null = null;
    const commit = (run: unknown, leaving: boolean) => {
      const keep = given.current.onCommit;
      if (!keep) return;
      keep(run as TScormRun, leaving).then(
        () => setNotSaved(false),
        () => setNotSaved(true),
      );
    };
    // Only a SCO that started has a place to keep: a commit of a runtime never initialised would
    // overwrite the learner's saved run (its exit, suspend data) with the runtime's blank one.
    const leave = () => {
      if (runtime?.isInitialized()) commit(runtime.renderCommitCMI(true), true);
    };
    void (async () => {
      try {
        const [data, module] = await Promise.all([
          given.current.start(controller.signal),
          content.version === '1.2' ? import('scorm-again/scorm12') : import('scorm-again/scorm2004'),
        ]);
        if (controller.signal.aborted) return;
        const settings = {
          autocommit: true,
          autocommitSeconds: AUTOCOMMIT_SECONDS,
          // Commits go through the transport below; the runtime only needs to know there is one.
          lmsCommitUrl: '/api/scorm',
          logLevel: 5 as const,
          httpService: {
            processHttpRequest: (_url: string, params: unknown, immediate: boolean) => {
              commit(params, immediate);
              return { result: 'true', errorCode: 0 };
            },
            updateSettings: () => undefined,
          },
        };
        // The package's ES builds export the class by name (its type declarations say default).
        const exported = module as unknown as Record<string, new (options: typeof settings) => Runtime>;
        const made = new (exported.Scorm12API ?? exported.Scorm2004API)!(settings);
        made.loadFromJSON(data.cmi);
        runtime = made;
        globals[name] = made;
        setState('ready');
      } catch {
        if (!controller.signal.aborted) setState('failed');
      }
    })();
    window.addEventListener('pagehide', leave);
    return () => {
      controller.abort();
      window.removeEventListener('pagehide', leave);
      leave();
      if (globals[name] === runtime) delete globals[name];
    };
  }, [content.version, content.packageId, content.launch]);

  if (state === 'failed')
    return (
      <p role="alert" className="text-danger">
        {t('scorm.failed')}
      </p>
    );
  if (state === 'loading')
    return (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <Spinner /> {t('scorm.loading')}
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <div ref={frame} className="bg-background">
        <iframe
          src={packageUrl(content)}
          title={title}
          // The SCO finds the runtime in this page (same origin), but may not navigate it away.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
          allow="fullscreen; autoplay"
          className="h-[75vh] min-h-96 w-full rounded-lg border border-border bg-white"
          data-testid="scorm-frame"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => void frame.current?.requestFullscreen()}>
          <Maximize aria-hidden="true" className="size-4" />
          {t('scorm.fullScreen')}
        </Button>
        {!onCommit && <p className="text-sm text-muted-foreground">{t('scorm.preview')}</p>}
        {notSaved && (
          <p role="alert" className="text-sm text-danger">
            {t('scorm.notSaved')}
          </p>
        )}
      </div>
    </div>
  );
}
