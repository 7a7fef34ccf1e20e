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
import type { CustomDomainsService } from '../custom-domains/service.ts';
import type { SitePage, SitesService } from './service.ts';

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

/** Could `host` be a company's own domain: a name with a dot, not an IP address? */
function maybeCompanyDomain(host: string): boolean {
  const name = host.replace(/:\d+$/, '');
  return name.includes('.') && !/^[\d.]+$/.test(name) && !name.startsWith('[');
}

/** Files of the built client a site page may load from its own origin. */
const SITE_STATIC = new Set(['/favicon.svg', '/robots.txt']);

/**
 * Host-based routing (DESIGN "Company sites"): a request whose Host is `{subdomain}.{host of
 * PUBLIC_URL}`, or a company's own verified domain, is the company's site and is answered here,
 * before anything of the main app runs (no API, no session, no SPA there: session cookies stay
 * host-only on the main origin). Registered after the security headers, so site pages carry the
 * same CSP.
 */
export function registerCompanySites(
  app: FastifyInstance,
  sites: SitesService,
  uploads: UploadsService,
  domains: CustomDomainsService,
): void {
  // A callback hook: a request to the main app (nearly all of them) passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.host;
    const subdomain = sites.urls.subdomainOf(host);
    if (subdomain) {
      answerSite(
        request,
        reply,
        () => sites.page(subdomain, pathOf(request), languageOf(request)),
        () => sites.organisationId(subdomain),
      ).then(() => done(), done);
      return;
    }
    // A company's own domain has a dot and is no IP address; the main host is neither looked up.
    if (!maybeCompanyDomain(host) || host === sites.urls.host) return done();
    domains
      .siteFor(host)
      .then(async (site) => {
        if (!site) return;
        const company = { id: site.organisationId, name: site.name, siteUrl: `${sites.urls.protocol}//${host}` };
        // Browsers ignore (and warn about) an opener policy on plain HTTP away from localhost; in
        // production the proxy in front serves the domain over HTTPS (docs/deployment.md).
        if (sites.urls.protocol !== 'https:') void reply.removeHeader('cross-origin-opener-policy');
        await answerSite(
          request,
          reply,
          () => sites.pageOf(company, pathOf(request), languageOf(request)),
          async () => site.organisationId,
        );
      })
      .then(() => done(), done);
  });

  const pathOf = (request: FastifyRequest) => request.url.split('?', 2)[0] || '/';
  const languageOf = (request: FastifyRequest) =>
    siteLanguage(new URLSearchParams(request.url.split('?', 2)[1] ?? '').get('lang'), request.headers['accept-language']);

  async function answerSite(
    request: FastifyRequest,
    reply: FastifyReply,
    pageOf: () => Promise<SitePage>,
    organisationOf: () => Promise<string | undefined>,
  ) {
    const pathname = pathOf(request);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && SITE_STATIC.has(pathname)) return;
    const lang = languageOf(request);
    void reply.header('vary', 'Accept-Language');
    const notFound = () => reply.status(404).send({ message: translate('http.notFound', lang), code: 'NOT_FOUND' });
    if (pathname === '/api' || pathname.startsWith('/api/') || !isRead) return notFound();
    // The images of the company's published public and unlisted courses (thumbnails) and of its
    // brand (logo, hero image), from the site's own origin: its pages load nothing from anywhere else.
    const media = SITE_MEDIA.exec(pathname);
    if (media) {
      const organisationId = await organisationOf();
      const id = media[1]!;
      const image =
        organisationId &&
        ((await uploads.siteImage(organisationId, id)) ??
          ((await sites.isBrandImage(organisationId, id)) ? await uploads.companyImage(organisationId, id) : undefined));
      if (!image) return notFound();
      return sendUpload(request, reply, uploads, image, true);
    }
    const page = await pageOf();
    return reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .header('content-language', lang)
      .type('text/html; charset=utf-8')
      .send(page.html);
  }
}
