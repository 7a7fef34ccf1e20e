import { useEffect } from 'react';

/**
 * Open Graph tags for the page on screen (title, description, type, address), for link previews
 * by services that run the page's JavaScript. The server's tags in index.html (src/server/http/
 * page-head.ts) are updated in place, and given back their content when the page goes; tags the
 * served page lacks are added, and removed again.
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
    const changed = Object.entries(tags).map(([property, content]) => {
      let meta = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
      const created = !meta;
      if (!meta) {
        meta = document.createElement('meta');
        meta.setAttribute('property', property);
        document.head.append(meta);
      }
      const previous = meta.getAttribute('content');
      meta.setAttribute('content', content);
      return { meta, created, previous };
    });
    return () => changed.forEach(({ meta, created, previous }) => (created ? meta.remove() : meta.setAttribute('content', previous ?? '')));
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
