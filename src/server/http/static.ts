import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION } from '../../shared/constants.ts';
import { CREATOR_PAGE_PATH, isAppRoute, normalisePath } from '../../shared/routes.ts';
import { translate } from '../../shared/i18n/messages.ts';
import { requestLanguage } from './language.ts';
import { withHead, type PageHeads } from './page-head.ts';
import { PagePreloads } from './page-preloads.ts';

/**
 * Serves the built client (with its pre-compressed .br/.gz twins) and the SPA fallback: the app's
 * routes get index.html with 200, unknown paths get it with 404 (the app shows 'Side ikke fundet'),
 * and unknown /api paths get a JSON 404. A public page's index.html carries its own title,
 * description and Open Graph tags (`heads`), for crawlers and link previews that run no script.
 */
export async function registerStaticAndFallback(
  app: FastifyInstance,
  clientDir: string,
  pages?: { heads: PageHeads; publicUrl: string },
): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  const indexHtml = hasClient ? readFileSync(path.join(clientDir, 'index.html'), 'utf8') : '';
  const preloads = hasClient ? PagePreloads.read(clientDir, indexHtml) : undefined;
  const sendPage = (request: FastifyRequest, reply: FastifyReply, pathname: string, status: number) => {
    const head = pages?.heads.at(pathname);
    void reply.status(status).header('cache-control', 'no-cache');
    if (head) return reply.type('text/html; charset=utf-8').send(withHead(indexHtml, head, new URL(pathname, pages!.publicUrl).href));
    // Without a session cookie the page sends the visitor on to the login, which needs none of a
    // logged-in page's code. Only the cookie's presence is checked: an expired one still gets the
    // announcement, and a few unused downloads.
    const page = request.cookies[SESSION.cookieName] ? preloads?.at(pathname) : undefined;
    if (page) return reply.type('text/html; charset=utf-8').send(page);
    return reply.sendFile('index.html');
  };
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: true,
      index: false,
      // The build's manifest (.vite/) is the server's to read, not a page.
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  if (hasClient) {
    // The static plugin treats '/' as a directory; the front page is the app's index.html.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/', 200));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    // The creator's wizard moved from its public page into the workspace: an old link to a saved
    // draft (/course-creator?draft=id) opens the draft there, with whatever else the address held.
    const query = request.url.slice(pathname.length);
    if (isPage && normalisePath(pathname) === '/course-creator' && new URLSearchParams(query).has('draft'))
      return reply.redirect(`${CREATOR_PAGE_PATH}${query}`, 301);
    if (hasClient && isPage) return sendPage(request, reply, pathname, isAppRoute(pathname) ? 200 : 404);
    return reply.status(404).send({ message: translate('http.notFound', requestLanguage(request)), code: 'NOT_FOUND' });
  });
}
