import { useCallback, useEffect, useState } from 'react';

/** The dashboard's five tabs, Oversigt first and the default. */
export const DASHBOARD_TABS = ['overview', 'courses', 'students', 'analytics', 'settings'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The tab a query string names (?tab=analytics); Oversigt when it names none or an unknown one. */
export function parseDashboardTab(search: string): DashboardTab {
  const tab = new URLSearchParams(search).get('tab');
  return (DASHBOARD_TABS as readonly string[]).includes(tab ?? '') ? (tab as DashboardTab) : 'overview';
}

/** The query string with `tab` set (Oversigt leaves it out); other parameters are kept. */
export function dashboardTabSearch(search: string, tab: DashboardTab): string {
  const params = new URLSearchParams(search);
  if (tab === 'overview') params.delete('tab');
  else params.set('tab', tab);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The open tab, kept in the address bar so Back returns to the tab before and a link can open
 * one. As the catalogue's filters do, the address is written with the History API and the entry's
 * state (the shell's location key) is kept: the page is not mounted anew, and Back is followed
 * here (popstate).
 */
export function useDashboardTab(): [DashboardTab, (tab: DashboardTab) => void] {
  const [tab, setTab] = useState(() => parseDashboardTab(window.location.search));

  useEffect(() => {
    const follow = () => setTab(parseDashboardTab(window.location.search));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const change = useCallback((next: DashboardTab) => {
    setTab(next);
    const url = `${window.location.pathname}${dashboardTabSearch(window.location.search, next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.pushState(window.history.state, '', url);
  }, []);

  return [tab, change];
}
