import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '@/lib/me';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import type { PageKind } from '@/components/placeholders/page-kinds';
import { useIsCurrentRoute } from './transitions/stage-context';

// The plan's read-only banner and the toast for refused writes, for a company's admins and instructors.
const PlanWatch = lazy(() => import('@/features/commerce/plans/components/plan-watch'));

interface GateProps {
  kind: PageKind;
  children: ReactNode;
}

/**
 * Account pages need a session: while it is being checked the placeholder shows (never a flash of
 * the login page); without one the visitor goes to /login and comes back here after logging in.
 */
export function RequireAuth({ kind, children }: GateProps) {
  const me = useMe();
  const location = useLocation();
  const isCurrent = useIsCurrentRoute();
  if (me.isPending) return <DelayedPlaceholder kind={kind} />;
  if (!me.data) {
    // A page that is leaving (after logout, say) must not redirect on its way out; the address
    // bar may change before the stage re-renders, so both are checked.
    if (!isCurrent || window.location.pathname !== location.pathname) return null;
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return (
    <>
      {me.data.role !== 'learner' && (
        <Suspense fallback={null}>
          <PlanWatch role={me.data.role} />
        </Suspense>
      )}
      {children}
    </>
  );
}
