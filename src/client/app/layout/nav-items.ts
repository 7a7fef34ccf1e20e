/** The navigation's links, in order; labels are keys of the common namespace. */
export const NAV_ITEMS = [
  { to: '/platform', label: 'nav.platform' },
  { to: '/courses', label: 'nav.courses' },
  { to: '/course-creator', label: 'nav.courseCreator' },
  { to: '/ai-assistant', label: 'nav.aiAssistant' },
  { to: '/pricing', label: 'nav.pricing' },
  { to: '/resources', label: 'nav.resources' },
] as const;
