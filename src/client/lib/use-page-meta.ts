import { useEffect } from 'react';
import { i18n } from './i18n';

/**
 * Sets the document title and description for the page on screen. Both are translated by the
 * caller (pages without a description of their own get the site's), so they follow a language
 * switch.
 */
export function usePageMeta(title: string, description?: string): void {
  const text = description ?? i18n.t('home.metaDescription');
  useEffect(() => {
    document.title = `${title} · Kursa`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [title, text]);
}
