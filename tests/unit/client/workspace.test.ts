import { describe, expect, it } from 'vitest';
import { isAppRoute } from '@shared/routes.ts';
import { isFullWidthWorkspacePath, isWorkspacePath } from '@shared/workspace-routes.ts';
import { workspaceNav } from '@/app/workspace/workspace-nav';

describe("the workspace's places", () => {
  const places = (role: Parameters<typeof workspaceNav>[0]) => workspaceNav(role).map((item) => item.to);

  it('gives an admin the company: its courses and learning paths, the AI creator and assistants, people, analytics, compliance, the audit log, billing and settings', () => {
    expect(places('admin')).toEqual([
      '/dashboard',
      '/dashboard/courses',
      '/paths',
      '/dashboard/creator',
      '/dashboard/assistants',
      '/dashboard/people',
      '/dashboard/analytics',
      '/compliance',
      '/audit-log',
      '/billing',
      '/dashboard/settings',
    ]);
  });

  it('gives an instructor the same work without billing and the audit log, which are the admins’ alone', () => {
    expect(places('instructor')).toEqual([
      '/dashboard',
      '/dashboard/courses',
      '/paths',
      '/dashboard/creator',
      '/dashboard/assistants',
      '/dashboard/people',
      '/dashboard/analytics',
      '/dashboard/settings',
    ]);
  });

  it('gives a learner their own learning, certificates, the catalogue, notifications and profile', () => {
    expect(places('learner')).toEqual(['/learn', '/certificates', '/courses', '/notifications', '/profile']);
  });

  it('gives compliance to an instructor or learner who manages a group, and to nobody else of theirs', () => {
    expect(places('instructor')).not.toContain('/compliance');
    expect(places('learner')).not.toContain('/compliance');
    expect(workspaceNav('instructor', true).map((item) => item.to)).toContain('/compliance');
    expect(workspaceNav('learner', true).map((item) => item.to)).toContain('/compliance');
  });

  it('names only pages the app has', () => {
    for (const role of ['admin', 'instructor', 'learner'] as const) {
      for (const path of workspaceNav(role, true).map((item) => item.to)) expect(isAppRoute(path), path).toBe(true);
    }
  });
});

describe('which pages are the workspace’s', () => {
  it('is every page of logged-in work and none of the public site', () => {
    for (const path of [
      '/dashboard',
      '/dashboard/people/',
      '/dashboard/courses/abc',
      '/dashboard/creator',
      '/dashboard/assistants',
      '/learn',
      '/learn/c1/l1',
      '/billing',
      '/profile',
      '/certificates',
      '/compliance',
      '/paths',
      '/audit-log',
      '/compliance/people/u1',
      '/compliance/courses/c1',
      '/notifications',
    ])
      expect(isWorkspacePath(path), path).toBe(true);
    for (const path of [
      '/',
      '/courses',
      '/course-creator',
      '/ai-assistant',
      '/courses/some-course',
      '/pricing',
      '/login',
      '/verify/abc',
      '/learning',
      '/dashboards',
      '/compliances',
      '/notifications/unsubscribe',
      '/dev/mail',
    ])
      expect(isWorkspacePath(path), path).toBe(false);
  });

  it('gives the builder and the player the whole width', () => {
    expect(isFullWidthWorkspacePath('/dashboard/courses/abc')).toBe(true);
    expect(isFullWidthWorkspacePath('/learn/c1/l1')).toBe(true);
    expect(isFullWidthWorkspacePath('/dashboard/courses')).toBe(false);
    expect(isFullWidthWorkspacePath('/learn')).toBe(false);
  });
});
