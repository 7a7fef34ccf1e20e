import { useEffect } from 'react';

/**
 * Open Graph tags for the page on screen (title, description, type, address), for link previews
 * by services that run the page's JavaScript. The served index.html carries none of its own.
 */
export function useOpenGraph(title: string, description: string, type: 'website' | 'article'): void {
  useEffect(() => {
    const tags: Record<string, string> = {
      'og:title': title,
      'og:description': description,
      'og:type': type,
      'og:url': `${window.location.origin}${window.location.pathname}`,
      'og:site_name': 'Kursa',
    };
    const added = Object.entries(tags).map(([property, content]) => {
      const meta = document.createElement('meta');
      meta.setAttribute('property', property);
      meta.setAttribute('content', content);
      document.head.append(meta);
      return meta;
    });
    return () => added.forEach((meta) => meta.remove());
  }, [title, description, type]);
}

/** `noindex` while the page shows that there is no such resource. */
export function useNoIndex(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const meta = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.append(meta);
    return () => meta.remove();
  }, [active]);
}
