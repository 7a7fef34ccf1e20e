import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';
import type { TUser } from '@shared/schemas/users.ts';

/**
 * What the shared layout and the pages need from "the app around them": where we are, how to
 * link and navigate, and who is logged in. Two shells provide it: the light one that renders
 * public pages on a direct load without React Router or TanStack Query (the front page's budget of
 * 100 KB of gzipped JavaScript, ADR 007), and the full app, which provides it from those two
 * libraries. Code that only uses this contract renders the same in both.
 */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface ShellSession {
  status: SessionStatus;
  user: TUser | null;
}

export interface ShellLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path on this site, e.g. '/pricing'. */
  to: string;
}

export interface NavigateOptions {
  /** Replace the current history entry (a redirect) instead of adding one. */
  replace?: boolean;
}

export interface Shell {
  pathname: string;
  /** The query string of the current address, with its '?' (or ''). */
  search: string;
  Link: ComponentType<ShellLinkProps>;
  navigate: (to: string, options?: NavigateOptions) => void;
  session: ShellSession;
  /** A login or registration succeeded: this user is now logged in (the server set the cookie). */
  startSession: (user: TUser) => void;
  /** Logging out: the user is cleared and the front page shows. */
  logout: () => void;
  /** The server has ended the session already (a password reset ends every one): the user is cleared here, and the page stays. */
  sessionEnded: () => void;
  logoutPending: boolean;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside a shell provider');
  return shell;
}

/** A link to a page of this site, rendered by whichever shell is running. */
export function ShellLink(props: ShellLinkProps) {
  const { Link } = useShell();
  return <Link {...props} />;
}

/** Like NavLink's default: a link is active on its own page and the pages below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));
}

/** The session as the shell reports it, from "no answer yet" or the user (null = logged out). */
export function sessionOf(user: TUser | null | undefined): ShellSession {
  if (user === undefined) return { status: 'loading', user: null };
  return user ? { status: 'authenticated', user } : { status: 'anonymous', user: null };
}
