import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDpaQuery, ZSubprocessorList } from '../../../../shared/schemas/legal.ts';
import type { Env } from '../../../env.ts';
import { AppError } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import { renderDpaPdf, type DpaParty } from './dpa-pdf.ts';
import { subprocessorsOf, type SubprocessorEnv } from './subprocessors.ts';

export type LegalEnv = SubprocessorEnv & Pick<Env, 'INVOICE_SELLER_NAME' | 'INVOICE_SELLER_CVR' | 'INVOICE_SELLER_ADDRESS'>;

const pdf = z.any().describe('The data processing agreement as a PDF');

/** The legal pages' data: the installation's sub-processors (for anyone) and the agreement as a PDF (a company's admins). */
export const legalRoutes: FastifyPluginAsyncZod<{ env: LegalEnv; now?: () => Date }> = async (app, { env, now = () => new Date() }) => {
  // Read once: the configuration does not change while the server runs.
  const subprocessors = subprocessorsOf(env);
  // The operator as the invoices name it; an installation that sends no invoices is "Kursa".
  const processor: DpaParty = {
    name: env.INVOICE_SELLER_NAME ?? 'Kursa',
    cvr: env.INVOICE_SELLER_CVR ?? null,
    address: env.INVOICE_SELLER_ADDRESS ?? null,
  };

  app.get(
    '/api/legal/subprocessors',
    {
      schema: {
        tags: ['legal'],
        summary:
          'Who processes personal data for this installation, read from its configuration: the server, and the AI provider, Stripe, the SMTP server and S3 storage only when configured, each with the host it is configured with, where it processes and on what transfer basis',
        response: { 200: ZSubprocessorList },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return { subprocessors };
    },
  );

  app.get(
    '/api/organisation/dpa.pdf',
    {
      schema: {
        tags: ['legal'],
        summary:
          "The data processing agreement as a PDF with the admin's company as controller (name, CVR number, address) and the installation's operator as processor; in Danish or English (lang, else Accept-Language). Admins only",
        querystring: ZDpaQuery,
        response: { 200: pdf, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'privacy.dpaAdminOnly');
      const language = request.query.lang ?? (String(request.headers['accept-language'] ?? '').startsWith('en') ? 'en' : 'da');
      const address = [user.address, [user.postalCode, user.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
      const bytes = await renderDpaPdf({
        language,
        controller: { name: user.companyName, cvr: user.cvrNumber || null, address: address || null },
        processor,
        publicUrl: env.PUBLIC_URL,
        now: now(),
      });
      void reply.header('cache-control', 'no-store');
      void reply.header('content-type', 'application/pdf');
      const name = language === 'da' ? 'databehandleraftale' : 'data-processing-agreement';
      void reply.header('content-disposition', `attachment; filename="${name}-${user.cvrNumber || 'kursa'}.pdf"`);
      return reply.send(Buffer.from(bytes));
    },
  );
};
