import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { ZIdParams } from '../../../shared/schemas/common.ts';
import {
  ZComplianceMatrix,
  ZComplianceQuery,
  ZPersonReport,
  ZPersonReportQuery,
  type ReportFormat,
} from '../../../shared/schemas/compliance.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import { AppError } from '../../http/errors.ts';
import { errorResponses, noStoreByDefault } from '../../http/route-helpers.ts';
import { requireAuth } from '../../http/session.ts';
import {
  type ExportFormat,
  FORMATS,
  fileName,
  OutputClosed,
  PDF_LINE_LIMIT,
  renderPdf,
  type ReportMeta,
  writeCsv,
  writeXlsx,
} from './export/index.ts';
import type { CellFilter } from './matrix.ts';
import type { ReportsService } from './reports.ts';
import { actorOf, type AuditLog } from '../privacy/index.ts';

const tags = ['reports'];
/** A file answer: its bytes are not described by a schema. */
const file = z.any().describe('The report as CSV (UTF-8 with BOM, semicolons), XLSX or PDF');

/**
 * Sends a report in a file format: CSV and XLSX are written as they are read (a large company's
 * report never sits whole in memory); a PDF is laid out whole, so it is refused beyond its limit
 * before any work.
 */
async function sendFile(
  reply: FastifyReply,
  reports: ReportsService,
  format: ExportFormat,
  meta: ReportMeta,
  filter: CellFilter,
  /** Once the file is sure to be made: it is recorded as handed out. */
  handedOut: () => Promise<unknown>,
): Promise<FastifyReply> {
  if (format === 'pdf' && (await reports.countLines(filter)) > PDF_LINE_LIMIT)
    throw new AppError('REPORT_TOO_LARGE', 400, 'compliance.pdfTooLarge', { params: { max: PDF_LINE_LIMIT } });
  await handedOut();
  const lines = reports.exportLines(filter, meta.language);
  void reply.header('content-type', FORMATS[format].contentType);
  void reply.header('content-disposition', `attachment; filename="${fileName(meta, format)}"`);
  if (format === 'pdf') return reply.send(Buffer.from(await renderPdf(meta, lines)));
  // The writers end the stream, or destroy it when they fail (the download then visibly breaks off).
  const out = new PassThrough();
  const write = format === 'csv' ? writeCsv(meta, lines, out) : writeXlsx(meta, lines, out);
  write.catch((error: unknown) => {
    if (!(error instanceof OutputClosed)) reply.log.error({ err: error }, 'a report could not be written to the end');
  });
  return reply.send(out);
}

/** The compliance matrix, a person's training record and a course's completion report, as JSON or a file. */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportsService; audit: AuditLog }> = async (app, { reports, audit }) => {
  noStoreByDefault(app);

  /** A file handed out of the company (to an auditor, say) goes in its audit log, with what it held. */
  const exported = (actor: TUser, ip: string, format: ExportFormat, meta: ReportMeta, target: { type: string; id: string }) =>
    audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'report.exported',
      target,
      details: { report: meta.kind, format, asOf: meta.asOf.toISOString(), filters: meta.filters },
    });

  const metaFor = async (
    actor: TUser,
    request: { headers: Record<string, unknown>; query: { lang?: 'da' | 'en' | undefined } },
    kind: ReportMeta['kind'],
    title: string,
    filter: CellFilter,
    names: Pick<ReportMeta['filters'], 'group' | 'course'>,
  ): Promise<ReportMeta> => ({
    language: request.query.lang ?? (String(request.headers['accept-language'] ?? '').startsWith('en') ? 'en' : 'da'),
    kind,
    title,
    companyName: actor.companyName,
    cvr: actor.cvrNumber || null,
    generatedBy: actor.contactName,
    generatedAt: reports.now(),
    asOf: new Date(filter.at),
    period: null,
    filters: { ...names, status: filter.status ?? null },
  });

  app.get(
    '/api/reports/compliance',
    {
      config: { apiKey: ['reports:read'] },
      schema: {
        tags,
        summary:
          'The compliance matrix: people × required courses with status, dates and score, filtered by group, course and status, as of now or a past moment (at). JSON is one page of people (page, pageSize ≤ 200); csv, xlsx and pdf hold every line. An admin reads the company, a manager their groups',
        querystring: ZComplianceQuery,
        response: { 200: ZComplianceMatrix.or(file), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      const format: ReportFormat = request.query.format ?? 'json';
      if (format === 'json') return reports.matrix(actor, request.query);
      const { filter } = await reports.filterFor(actor, request.query);
      const names = await reports.filterNames(actor.organisationId, request.query);
      const meta = await metaFor(actor, request, 'compliance', '', filter, names);
      return sendFile(reply, reports, format, meta, filter, () =>
        exported(actor, request.ip, format, meta, { type: 'company', id: actor.organisationId }),
      );
    },
  );

  app.get(
    '/api/reports/courses/:id',
    {
      config: { apiKey: ['reports:read'] },
      schema: {
        tags,
        summary: "A course's completion report: everyone it is required of, with status, dates and score (the matrix of one course)",
        params: ZIdParams,
        querystring: ZComplianceQuery.omit({ course: true }),
        response: { 200: ZComplianceMatrix.or(file), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      const query = { ...request.query, course: request.params.id };
      const format: ReportFormat = query.format ?? 'json';
      if (format === 'json') return reports.matrix(actor, query);
      const { filter } = await reports.filterFor(actor, query);
      const names = await reports.filterNames(actor.organisationId, query);
      const meta = await metaFor(actor, request, 'course', names.course ?? '', filter, { group: names.group, course: null });
      return sendFile(reply, reports, format, meta, filter, () =>
        exported(actor, request.ip, format, meta, { type: 'course', id: request.params.id }),
      );
    },
  );

  app.get(
    '/api/reports/people/:id',
    {
      config: { apiKey: ['reports:read'] },
      schema: {
        tags,
        summary:
          "A person's training record: their requirements with status, dates and score, and every certificate they hold. Themself, an admin, or a manager of one of their groups; anyone else 404",
        params: ZIdParams,
        querystring: ZPersonReportQuery,
        response: { 200: ZPersonReport.or(file), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      const format: ReportFormat = request.query.format ?? 'json';
      if (format === 'json') return reports.person(actor, request.params.id, request.query.at);
      const { filter, person } = await reports.personFilter(actor, request.params.id, request.query.at);
      const meta = await metaFor(actor, request, 'person', person.contact_name, filter, { group: null, course: null });
      return sendFile(reply, reports, format, meta, filter, () =>
        exported(actor, request.ip, format, meta, { type: 'user', id: request.params.id }),
      );
    },
  );
};
