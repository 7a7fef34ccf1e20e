import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSiteResponse, ZSubdomainRequest, ZSubdomainResponse } from '../../../../shared/schemas/catalogue.ts';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import { ZPublishRequest, ZPublishResponse } from '../../../../shared/schemas/publish.ts';
import { translate } from '../../../../shared/i18n/messages.ts';
import { requireAuth } from '../../../http/session.ts';
import { sendUpload, type UploadsService } from '../../courses/index.ts';
import { siteLanguage } from './locale.ts';
import type { PublishService } from './publish.ts';
import type { SitesService } from './service.ts';

export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService; publish: PublishService }> = async (app, { sites, publish }) => {
  app.post(
    '/api/courses/publish',
    {
      schema: {
        tags: ['sites'],
        summary:
          "Create (or update, when course_data.id is the caller's course) a course from course_data and publish it on the company's subdomain, claiming publishing_options.subdomain when the company has none; answers the course and its URL",
        body: ZPublishRequest,
        response: {
          201: ZPublishResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await publish.publish(requireAuth(request).user, request.body)),
  );

  app.get(
    '/api/organisation/site',
    {
      schema: {
        tags: ['sites'],
        summary: "The company's subdomain and site URL (null until an admin chooses one), and the host sites live under",
        response: { 200: ZSiteResponse, 401: ZErrorResponse },
      },
    },
    async (request) => sites.site(requireAuth(request).user),
  );

  app.put(
    '/api/organisation/subdomain',
    {
      schema: {
        tags: ['sites'],
        summary:
          "Choose the company's subdomain (admins only): 3–63 characters of a–z, 0–9 and hyphens, no hyphen first or last (input lower-cased, other characters stripped), reserved names refused, unique across companies",
        body: ZSubdomainRequest,
        response: { 200: ZSubdomainResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => sites.setSubdomain(requireAuth(request).user, request.body.subdomain),
  );
};

/** An image on a company's site: `/media/{upload id}`. */
const SITE_MEDIA = /^\/media\/([\w-]{1,64})$/;

/** Files of the built client a site page may load from its own origin. */
const SITE_STATIC = new Set(['/favicon.svg', '/robots.txt']);

/**
 * Host-based routing (DESIGN "Company sites"): a request whose Host is `{subdomain}.{host of
 * PUBLIC_URL}` is the company's site and is answered here, before anything of the main app runs
 * (no API, no session, no SPA on a subdomain: session cookies stay host-only on the main origin).
 * Registered after the security headers, so site pages carry the same CSP.
 */
export function registerCompanySites(app: FastifyInstance, sites: SitesService, uploads: UploadsService): void {
  // A callback hook: a request to the main app (nearly all of them) passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const subdomain = sites.urls.subdomainOf(request.host);
    if (!subdomain) return done();
    answerSite(request, reply, subdomain).then(() => done(), done);
  });

  async function answerSite(request: FastifyRequest, reply: FastifyReply, subdomain: string) {
    const [pathname = '/', search = ''] = request.url.split('?', 2);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && SITE_STATIC.has(pathname)) return;
    const params = new URLSearchParams(search);
    const lang = siteLanguage(params.get('lang'), request.headers['accept-language']);
    void reply.header('vary', 'Accept-Language');
    const notFound = () => reply.status(404).send({ message: translate('http.notFound', lang), code: 'NOT_FOUND' });
    if (pathname === '/api' || pathname.startsWith('/api/') || !isRead) return notFound();
    // The images of the company's published public and unlisted courses (thumbnails) and of its
    // brand (logo, hero image), from the site's own origin: its pages load nothing from anywhere else.
    const media = SITE_MEDIA.exec(pathname);
    if (media) {
      const organisationId = await sites.organisationId(subdomain);
      const id = media[1]!;
      const image =
        organisationId &&
        ((await uploads.siteImage(organisationId, id)) ??
          ((await sites.isBrandImage(organisationId, id)) ? await uploads.companyImage(organisationId, id) : undefined));
      if (!image) return notFound();
      return sendUpload(request, reply, uploads, image, true);
    }
    const page = await sites.page(subdomain, pathname, lang);
    return reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .header('content-language', lang)
      .type('text/html; charset=utf-8')
      .send(page.html);
  }
}
