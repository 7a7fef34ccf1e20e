import { normalisePath } from '@shared/routes.ts';
import { WORKSPACE_SECTIONS, workspaceSectionPath, type WorkspaceSection } from '@shared/workspace-routes.ts';

/** The dashboard's page at an address: the overview at /dashboard, a section at /dashboard/{section}. */
export type DashboardSection = 'overview' | WorkspaceSection;

export function dashboardSectionOf(pathname: string): DashboardSection {
  const name = normalisePath(pathname).split('/')[2] ?? '';
  return (WORKSPACE_SECTIONS as readonly string[]).includes(name) ? (name as WorkspaceSection) : 'overview';
}

/** The tabs the dashboard once had in its address (?tab=), by the section that holds them now. */
const LEGACY_TABS: Record<string, WorkspaceSection> = {
  courses: 'courses',
  students: 'people',
  analytics: 'analytics',
  settings: 'settings',
};

/**
 * Where an old link to a dashboard tab (/dashboard?tab=analytics) belongs now, with its other
 * parameters kept; undefined when the address names no such tab.
 */
export function legacyTabAddress(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const section = LEGACY_TABS[params.get('tab') ?? ''];
  if (!section) return undefined;
  params.delete('tab');
  const rest = params.toString();
  return `${workspaceSectionPath(section)}${rest ? `?${rest}` : ''}`;
}
