import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AiMeter } from './ai/metering.ts';
import { aiProvidersLogLine, createAiProviders } from './ai/providers.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './ai/retry.ts';
import { AiRunner } from './ai/run-task.ts';
import { jobsRoutes } from './jobs/routes.ts';
import { setUpJobs, type JobsOptions } from './jobs/setup.ts';
import { createCvrRegistry } from './cvr/from-env.ts';
import type { CvrRegistry } from './cvr/registry.ts';
import { migrate, openDatabase, type DbHandle } from './db/database.ts';
import { seedDemoLearner } from './demo/seed-learner.ts';
import { seedDemo } from './demo/seed.ts';
import type { Env } from './env.ts';
import { registerClientAddressCheck } from './http/client-address.ts';
import { serializeFrozenOnce } from './http/frozen-responses.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './http/errors.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { loggerOptions, RequestLogController } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { apiRateLimit } from './http/rate-limits.ts';
import { registerSessionRequirement } from './http/session.ts';
import { registerStaticAndFallback } from './http/static.ts';
import { PageHeads, resourceHead } from './http/page-head.ts';
import { guardRequestBodies, httpServerOptions } from './http/timeouts.ts';
import {
  aiRoutes,
  AiStatusService,
  assistantsRoutes,
  AssistantsService,
  authoringRoutes,
  creatorFiguresRoutes,
  CreatorFiguresService,
  generationJobKinds,
  searchCourse,
  translateKind,
} from './domains/authoring/index.ts';
import {
  accountRecoveryRoutes,
  AccountRecoveryService,
  authRoutes,
  AuthService,
  cvrRoutes,
  CvrService,
  type MembershipChange,
  mergePreferences,
  registerCallers,
  teamRoutes,
  TeamService,
  scimRoutes,
  usersRoutes,
  UsersService,
  verificationRoutes,
  VerificationService,
} from './domains/identity/index.ts';
import {
  billingRoutes,
  plansRoutes,
  PlansService,
  registerReadOnlyGuard,
  setUpBilling,
  stripeWebhookRoutes,
} from './domains/commerce/index.ts';
import {
  CertificateKeys,
  certificatesRoutes,
  CertificatesService,
  learningRoutes,
  EnrolmentsService,
  PathsService,
  pathsRoutes,
  LearningService,
  questionsRoutes,
  QuestionsService,
  reviewsRoutes,
  ReviewsService,
} from './domains/learning/index.ts';
import {
  catalogueRoutes,
  CatalogueService,
  configRoutes,
  contactRoutes,
  ContactService,
  healthRoutes,
  instructorsRoutes,
  InstructorsService,
  loadResourceLibrary,
  newsletterRoutes,
  NewsletterService,
  brandRoutes,
  BrandService,
  customDomainRoutes,
  CustomDomainsService,
  onboardingRoutes,
  OnboardingService,
  PublishService,
  registerCompanySites,
  resourcesRoutes,
  ResourcesService,
  sitesRoutes,
  SitesService,
  siteStatsRoutes,
  SiteStatsService,
} from './domains/site/index.ts';
import { coursesRoutes, CoursesService, scormPlugin, uploadsRoutes, UploadsService } from './domains/courses/index.ts';
import { SiteUrls } from './http/site-urls.ts';
import { noticeSender } from './mail/mailer.ts';
import {
  type NotificationEvents,
  notificationsRoutes,
  NotificationsService,
  scheduleScans,
  setUpEvents,
  setUpMail,
} from './domains/notifications/index.ts';
import { type IntegrationEvents, setUpIntegrations } from './domains/integrations/index.ts';
import { complianceRoutes, type ComplianceHooks, reportRoutes, setUpCompliance } from './domains/compliance/index.ts';
import { setUpPrivacy } from './domains/privacy/index.ts';
import { txtLookup } from './dns/txt.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { createStorage } from './storage/index.ts';
import { connectRedis } from './http/redis.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface AppOptions {
  env: Env;
  /** Tests hand in a registry (e.g. cvrapi pointed at a local fake); otherwise CVR_PROVIDER decides. */
  cvrRegistry?: CvrRegistry;
  /** Where the built client is; tests of the API alone leave it absent. */
  clientDir?: string;
  logger?: boolean;
  /** Human-readable logs (pino-pretty); by default when standard output is a terminal. */
  prettyLogs?: boolean;
  /** How AI requests are retried; tests shorten the backoff so a provider that stays down fails fast. */
  aiRetry?: RetryPolicy;
  /** Durable jobs: kinds to register, and test overrides (src/server/jobs/setup.ts). */
  jobs?: JobsOptions;
  /** The time now for compliance statuses (a test fixes it). */
  clock?: () => Date;
}

/** Builds the whole app: database (migrated, maybe seeded), plugins, modules, errors, static files. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  // The resource library's files, checked and rendered before anything else starts.
  const resourceLibrary = loadResourceLibrary(path.join(PROJECT_ROOT, 'content', 'resources'));
  const handle: DbHandle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(env, options.prettyLogs ?? process.stdout.isTTY === true),
    // Each request gets one line when it ends, at a level that fits what happened.
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ...httpServerOptions(env),
  });
  app.addHook('onClose', async () => handle.db.destroy());
  handle.onConnectionError((error) => app.log.warn({ err: error }, 'a database connection broke while idle; the next query opens another'));
  guardRequestBodies(app.server, env);
  // First of all hooks: what follows may count the request by its client's address.
  registerClientAddressCheck(app);
  const storage = createStorage(env);
  app.addHook('onClose', async () => storage.close());
  // A start that fails closes what it opened.
  const closeAndThrow = async (error: unknown): Promise<never> => {
    await app.close();
    throw error;
  };
  const removed = await storage.removeIncomplete(env.HTTP_UPLOAD_TIMEOUT_MS).catch(closeAndThrow);
  if (removed > 0) app.log.info({ removed }, 'removed uploads a stopped process left unfinished');
  // A company's logo and hero image are for anyone to see (its site, its mails); the brand knows which they are.
  const uploads = new UploadsService(handle.db, storage, env.UPLOAD_MAX_VIDEO_MB * 1024 * 1024, (organisationId, uploadId) =>
    brand.isBrandImage(organisationId, uploadId),
  );
  const brand: BrandService = new BrandService(handle.db, uploads, env.PUBLIC_URL);
  // What the domains tell people as it happens; set once the app is built, so the demo's seeding tells no one.
  const told: { events?: NotificationEvents; integrations?: IntegrationEvents } = {};
  const tell = async (...telling: (Promise<unknown> | undefined)[]) => void (await Promise.all(telling));
  const membership = async (userId: string, change: MembershipChange) => told.integrations?.membership(userId, change);
  // Compliance follows certificates and lessons; set once its domain is built, after the seeding.
  const compliance: { hooks?: ComplianceHooks } = {};
  // Instances started together take turns: the first migrates and seeds, the others find it done.
  const { keys, certificates, learning, enrolments, reviews, paths } = await handle
    .startupExclusive(
      async () => {
        await migrate(handle.db);
        const demo = env.SEED_DEMO ? await seedDemo(handle.db, storage) : null;
        // CERT_SIGNING_KEY, or the key this instance keeps in DATA_DIR (made now if there is none).
        const keys = await CertificateKeys.open(handle.db, { configured: env.CERT_SIGNING_KEY, dataDir: env.DATA_DIR });
        const certificates = new CertificatesService(
          handle.db,
          keys,
          env.PUBLIC_URL,
          app.log,
          (id) => brand.forCertificate(id),
          async (certificate) => (compliance.hooks ? compliance.hooks.expiryOf(certificate) : null),
          async (id) => tell(compliance.hooks?.certificateChanged(id), told.integrations?.certificateChanged(id)),
        );
        const learning = new LearningService(handle.db, {
          onCourseCompleted: async (enrolmentId) => {
            await certificates.issueQuietly(enrolmentId);
            await paths.courseCompletedQuietly(enrolmentId);
            await tell(told.events?.courseCompleted(enrolmentId), told.integrations?.courseCompleted(enrolmentId));
          },
          onLessonCompleted: async (enrolmentId, lessonId) => {
            await compliance.hooks?.lessonCompleted(enrolmentId);
            await tell(told.events?.lessonCompleted(enrolmentId, lessonId), told.integrations?.lessonCompleted(enrolmentId, lessonId));
          },
          onLessonOpened: async (enrolmentId, lessonId) => told.integrations?.lessonOpened(enrolmentId, lessonId),
          onAttempted: async (enrolmentId, lessonId, attempt) => told.integrations?.attempted(enrolmentId, lessonId, attempt),
        });
        const enrolments = new EnrolmentsService(handle.db, {
          onEnrolled: async (id) => tell(told.events?.enrolled(id), told.integrations?.enrolled(id)),
          onDueDateChanged: async (enrolmentId) => told.events?.dueDateChanged(enrolmentId),
        });
        const reviews = new ReviewsService(handle.db, async (reviewId) => told.events?.reviewed(reviewId));
        const paths = new PathsService(handle.db, enrolments, app.log, { onFinished: (id) => certificates.issuePath(id) });
        if (demo) {
          await seedDemoLearner(handle.db, { learning, enrolments, reviews }, demo);
          app.log.info('seeded the demo company, its sample courses and its learner into an empty database');
        }
        return { keys, certificates, learning, enrolments, reviews, paths };
      },
      () => app.log.info({ database: handle.kind }, 'another instance is migrating or seeding the database; waiting for it'),
    )
    .catch(closeAndThrow);
  app.log.info({ database: handle.kind, at: handle.description }, 'database ready');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeFrozenOnce(serializerCompiler));
  registerErrorHandler(app);

  const https = env.PUBLIC_URL.startsWith('https:');
  registerSecurityHeaders(app, { https });
  // Company sites ({subdomain}.{host of PUBLIC_URL}) are answered before the main app's hooks.
  const siteUrls = new SiteUrls(env.PUBLIC_URL);
  const sites = new SitesService(handle.db, siteUrls, brand);
  const txt = txtLookup(env.DNS_SERVERS?.split(','));
  const customDomains = new CustomDomainsService(handle.db, siteUrls, txt);
  registerCompanySites(app, sites, uploads, customDomains);
  await app.register(fastifyCookie);
  registerOriginCheck(app, env.PUBLIC_URL);
  const apiKeys = registerCallers(app, handle);
  registerSessionRequirement(app);
  // After the session: a read-only company's writes are refused before any route runs.
  const companyPlans = new PlansService(handle.db);
  registerReadOnlyGuard(app, companyPlans);

  await registerApiDocs(app);

  const cvr = new CvrService(handle.db, options.cvrRegistry ?? createCvrRegistry(env));
  const { outbox: mailer, mailLog } = setUpMail(app, handle.db, env);
  // Password reset, contact form and newsletter; their mails go out after the answer.
  const recovery = new AccountRecoveryService(handle.db, mailer, env.PUBLIC_URL, app.log);
  const newsletter = new NewsletterService(handle.db, mailer, env.PUBLIC_URL, app.log);
  const contact = new ContactService(handle.db, mailer, env.SALES_EMAIL, app.log);
  app.addHook('onClose', async () => void (await Promise.all([recovery.settled(), newsletter.settled()])));
  const notify = noticeSender(mailer, app.log);
  const verification = new VerificationService(handle.db, cvr, mailer, app.log, notify);
  const groups = { change: (o: string, g: string, c: object) => complianceDomain.provisioned.change(o, g, c) };
  const auth = new AuthService(handle.db, cvr, verification, { env, groups, log: app.log, membership });
  const notifications = new NotificationsService({
    db: handle.db,
    outbox: mailer,
    publicUrl: env.PUBLIC_URL,
    brandFor: (id, name) => brand.forMail(id, name),
    setMailOn: (userId, on) => mergePreferences(handle.db, userId, { emailNotifications: on }),
  });
  told.events = setUpEvents(app, handle.db, notifications);
  const integrations = setUpIntegrations(app, handle.db, env);
  told.integrations = integrations.events;
  const complianceDomain = setUpCompliance(handle.db, enrolments, notifications, app.log, options.clock);
  const hooks = (compliance.hooks = complianceDomain.hooks);
  const team = new TeamService(handle.db, mailer, env.PUBLIC_URL, app.log, (id, name) => brand.forMail(id, name), {
    onJoined: hooks.memberJoined,
    onChanged: hooks.memberChanged,
    groupsNamed: hooks.groupsNamed,
    joinGroups: hooks.joinGroups,
    onMembership: membership,
  });
  const users = new UsersService(handle.db, notify, companyPlans);
  const courses = new CoursesService(handle.db, { publicUrl: env.PUBLIC_URL, cvrProvider: cvr.registry.name });
  const aiProviders = createAiProviders(env);
  const aiMeter = new AiMeter(handle.db, env.AI_MONTHLY_TOKENS_PER_COMPANY);
  const ai = new AiRunner(aiProviders, aiMeter, {
    timeoutMs: env.AI_TIMEOUT_MS,
    imageTimeoutMs: env.AI_IMAGE_TIMEOUT_MS,
    retry: options.aiRetry ?? DEFAULT_RETRY,
    log: app.log,
    concurrency: { initial: env.AI_PROVIDER_CONCURRENCY, max: env.AI_PROVIDER_CONCURRENCY_MAX },
  });
  app.log.info(...aiProvidersLogLine(aiProviders));
  const redis = await connectRedis(app, env.REDIS_URL);
  // The job engine divides what the AI provider takes now (its adaptive limit) among companies.
  const jobs = setUpJobs(
    app,
    handle,
    env,
    { capacity: () => ai.capacity(), onEnded: async (jobId) => told.events?.jobEnded(jobId), ...options.jobs },
    redis,
  );
  jobs.kinds.register(translateKind(handle.db, ai));
  for (const kind of generationJobKinds({ db: handle.db, ai, storage, jobs: jobs.service })) jobs.kinds.register(kind);
  const billing = await setUpBilling(app, handle.db, env, async (event) => told.events?.paid(event));
  const privacy = setUpPrivacy({
    ...{ db: handle.db, storage, jobs, key: keys, certificates, log: app.log, clock: options.clock },
    onExportReady: async (r) => told.events?.exportReady(r),
    company: {
      endSubscription: (id) => billing.endSubscription(id),
      mail: (m, meta) => mailer.enqueue(m, meta),
      publicUrl: env.PUBLIC_URL,
    },
    routes: { env, newsletter, reviews },
  });
  scheduleScans(app, {
    db: handle.db,
    jobs,
    notifications,
    intervalMs: env.NOTIFICATIONS_SCAN_INTERVAL_MS,
    work: { ...complianceDomain.work, ...privacy.work },
  });

  await app.register(async (api) => {
    // A ceiling for the whole API (per API key, session or address), shared across instances through Redis when set.
    await api.register(fastifyRateLimit, { timeWindow: '1 minute', ...apiRateLimit, ...(redis && { redis, nameSpace: 'kursa-rl:' }) });
    await api.register(healthRoutes, { db: handle.db });
    await api.register(configRoutes, { db: handle.db, seedDemo: env.SEED_DEMO, cvrProvider: cvr.registry.name });
    await api.register(authRoutes, {
      db: handle.db,
      auth,
      secureCookies: https,
      registrationsPerIpHour: env.REGISTRATIONS_PER_IP_HOUR,
      env,
      notify,
    });
    await api.register(usersRoutes, { db: handle.db, users, secureCookies: https });
    await api.register(teamRoutes, { db: handle.db, team, auth, apiKeys, secureCookies: https, txt });
    await api.register(scimRoutes, { db: handle.db, compliance: complianceDomain, publicUrl: env.PUBLIC_URL, membership });
    await api.register(integrations.routes);
    await api.register(plansRoutes, { plans: companyPlans });
    await api.register(accountRecoveryRoutes, { recovery, secureCookies: https });
    await api.register(contactRoutes, { contact });
    await api.register(newsletterRoutes, { newsletter });
    await api.register(learningRoutes, { learning, enrolments });
    await api.register(certificatesRoutes, { certificates });
    await api.register(pathsRoutes, { paths });
    await api.register(verificationRoutes, { verification });
    await api.register(cvrRoutes, { cvr });
    await api.register(uploadsRoutes, { uploads });
    await api.register(coursesRoutes, { courses });
    await api.register(scormPlugin, { db: handle.db, storage, courses, publicUrl: env.PUBLIC_URL });
    await api.register(sitesRoutes, { sites, publish: new PublishService(handle.db, courses, sites, cvr.registry.name) });
    await api.register(catalogueRoutes, { catalogue: new CatalogueService(handle, siteUrls) });
    await api.register(reviewsRoutes, { reviews });
    await api.register(complianceRoutes, complianceDomain);
    await api.register(reportRoutes, complianceDomain);
    await api.register(privacy.routes);
    await api.register(questionsRoutes, { questions: new QuestionsService(handle.db, told.events) });
    await api.register(resourcesRoutes, { resources: new ResourcesService(handle.db, resourceLibrary) });
    await api.register(billingRoutes, { billing });
    await api.register(stripeWebhookRoutes, { billing });
    await api.register(instructorsRoutes, { instructors: new InstructorsService(handle.db) });
    await api.register(brandRoutes, { brand });
    await api.register(customDomainRoutes, { domains: customDomains });
    await api.register(onboardingRoutes, { onboarding: new OnboardingService(handle.db) });
    await api.register(notificationsRoutes, { notifications, mailLog });
    await api.register(aiRoutes, { status: new AiStatusService(aiProviders, aiMeter) });
    await api.register(assistantsRoutes, {
      assistants: new AssistantsService(
        handle.db,
        ai,
        aiProviders,
        aiMeter,
        (courseId, question, limit) => searchCourse(handle.db, handle.kind, { courseId, question, limit }),
        env.AI_CHAT_MESSAGES_PER_USER_MONTH,
      ),
    });
    await api.register(authoringRoutes, { db: handle.db, ai, courses, jobs: jobs.service, storage, uploads, publicUrl: env.PUBLIC_URL });
    await api.register(creatorFiguresRoutes, { figures: new CreatorFiguresService(handle.db, aiProviders) });
    await api.register(siteStatsRoutes, { siteStats: new SiteStatsService(handle.db) });
    await api.register(jobsRoutes, { jobs: jobs.service, streams: jobs.streams });
  });

  const clientDir = options.clientDir ?? path.join(PROJECT_ROOT, 'dist', 'client');
  const heads = new PageHeads(
    clientDir,
    resourceHead((slug) => {
      const meta = resourceLibrary.get(slug)?.da.meta;
      return meta && { title: meta.title, description: meta.description };
    }),
  );
  await registerStaticAndFallback(app, clientDir, { heads, publicUrl: env.PUBLIC_URL });
  return app;
}
