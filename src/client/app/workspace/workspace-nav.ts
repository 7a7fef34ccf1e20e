import type { LucideIcon } from 'lucide-react';
import FileBadge from 'lucide-react/icons/file-badge';
import Bell from 'lucide-react/icons/bell';
import BookOpen from 'lucide-react/icons/book-open';
import BotMessageSquare from 'lucide-react/icons/bot-message-square';
import ChartLine from 'lucide-react/icons/chart-line';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import CreditCard from 'lucide-react/icons/credit-card';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import History from 'lucide-react/icons/history';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Route from 'lucide-react/icons/route';
import Search from 'lucide-react/icons/search';
import Settings from 'lucide-react/icons/settings';
import Sparkle from 'lucide-react/icons/sparkle';
import UserRound from 'lucide-react/icons/user-round';
import Users from 'lucide-react/icons/users';
import type { Role } from '@shared/constants.ts';
import { ASSISTANTS_PAGE_PATH, CREATOR_PAGE_PATH } from '@shared/routes.ts';
import { workspaceSectionPath } from '@shared/workspace-routes.ts';

export interface WorkspaceNavItem {
  to: string;
  /** A key of the common namespace's `workspace` messages. */
  label:
    | 'overview'
    | 'courses'
    | 'creator'
    | 'assistants'
    | 'people'
    | 'analytics'
    | 'billing'
    | 'settings'
    | 'myLearning'
    | 'certificates'
    | 'profile'
    | 'notifications'
    | 'findCourses'
    | 'compliance'
    | 'paths'
    | 'auditLog';
  Icon: LucideIcon;
  /** Current only on this very address, not on the pages below it (the overview). */
  end?: boolean;
}

const overview: WorkspaceNavItem = { to: '/dashboard', label: 'overview', Icon: LayoutDashboard, end: true };
const courses: WorkspaceNavItem = { to: workspaceSectionPath('courses'), label: 'courses', Icon: BookOpen };
// The sparkle, not the builder's sparkles: an icon the builder also draws would leave the
// sidebar's chunk for one of its own, a request more on the builder's first load.
const creator: WorkspaceNavItem = { to: CREATOR_PAGE_PATH, label: 'creator', Icon: Sparkle };
const assistants: WorkspaceNavItem = { to: ASSISTANTS_PAGE_PATH, label: 'assistants', Icon: BotMessageSquare };
const people: WorkspaceNavItem = { to: workspaceSectionPath('people'), label: 'people', Icon: Users };
const analytics: WorkspaceNavItem = { to: workspaceSectionPath('analytics'), label: 'analytics', Icon: ChartLine };
const billing: WorkspaceNavItem = { to: '/billing', label: 'billing', Icon: CreditCard };
const settings: WorkspaceNavItem = { to: workspaceSectionPath('settings'), label: 'settings', Icon: Settings };
const myLearning: WorkspaceNavItem = { to: '/learn', label: 'myLearning', Icon: GraduationCap };
const certificates: WorkspaceNavItem = { to: '/certificates', label: 'certificates', Icon: FileBadge };
const profile: WorkspaceNavItem = { to: '/profile', label: 'profile', Icon: UserRound };
const notifications: WorkspaceNavItem = { to: '/notifications', label: 'notifications', Icon: Bell };
/** Required courses and who has taken them: an admin's, and a manager's of their groups. */
const compliance: WorkspaceNavItem = { to: '/compliance', label: 'compliance', Icon: ClipboardCheck };
/** Ordered sets of courses assigned like one: an admin's and an instructor's. */
const paths: WorkspaceNavItem = { to: '/paths', label: 'paths', Icon: Route };
/** What the company's admins did to its people, requirements and reports, and their logins: the admins'. */
const auditLog: WorkspaceNavItem = { to: '/audit-log', label: 'auditLog', Icon: History };
/** The public catalogue, where a learner finds more courses (it opens in the public site's frame). */
const findCourses: WorkspaceNavItem = { to: '/courses', label: 'findCourses', Icon: Search };

/**
 * The sidebar's places for each role: an admin runs the company (billing is theirs alone), an
 * instructor its courses and their learners, a learner their own learning. The AI course creator
 * and the assistants stand beside the courses, as the ways courses are made. Instructors and admins
 * reach their profile through the account menu and their notifications through the top bar's bell; a
 * learner has both in the sidebar as well, beside their own things, and the catalogue to find more
 * courses. Compliance is an admin's, and any manager's of a group (`manages`); the audit log is the admins' alone.
 */
export function workspaceNav(role: Role, manages = false): WorkspaceNavItem[] {
  if (role === 'learner') return [myLearning, certificates, ...(manages ? [compliance] : []), findCourses, notifications, profile];
  const work = [overview, courses, paths, creator, assistants, people, analytics];
  return role === 'admin' ? [...work, compliance, auditLog, billing, settings] : [...work, ...(manages ? [compliance] : []), settings];
}
