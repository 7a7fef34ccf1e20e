/** Sets the page's title and description; see lib/i18n.ts, where it lives for the JavaScript budget. */
export { usePageMeta } from './i18n';
