import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppRoute } from '../../shared/routes.ts';
import { translate } from '../../shared/i18n/messages.ts';
import { requestLanguage } from './language.ts';

/**
 * Serves the built client (with its pre-compressed .br/.gz twins) and the SPA fallback: the app's
 * routes get index.html with 200, unknown paths get it with 404 (the app shows 'Side ikke fundet'),
 * and unknown /api paths get a JSON 404.
 */
export async function registerStaticAndFallback(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  if (hasClient) {
    // The static plugin treats '/' as a directory; the front page is the app's index.html.
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (hasClient && isPage) {
      return reply
        .status(isAppRoute(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return reply.status(404).send({ message: translate('http.notFound', requestLanguage(request)), code: 'NOT_FOUND' });
  });
}
