import { z } from 'zod';
import { AI_TASKS, TASK_MODEL_PREFIX, taskModelVariable, type AiTaskName } from './ai/task-names.ts';
import { parseSigningKey } from './security/signing-key.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z.string().trim().min(1).optional();

/** A duration in milliseconds: from 100 ms to a day. */
const ms = z.coerce
  .number()
  .int()
  .min(100)
  .max(24 * 60 * 60 * 1000);

/** Variables whose value is a secret: a bad one is named, never echoed. */
const SECRET_VARIABLES = new Set(['CERT_SIGNING_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'DEV_MAIL_KEY', 'XAPI_PASSWORD']);

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The environment's settings (docs/configuration.md describes each). Everything is optional; defaults give an embedded install. */
const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres:// or sqlite:')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    TRUST_PROXY: bool.default(false),
    CVR_PROVIDER: z.enum(['offline', 'cvrapi']).default('offline'),
    CVRAPI_USER_AGENT: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: z.url().optional(),
    // Where OpenAI itself (the Responses API) and Anthropic are reached: another region (OpenAI's
    // eu.api.openai.com), a gateway or a proxy. Passed to the SDKs explicitly, never read by them
    // from the environment (OPENAI_BASE_URL means an OpenAI-compatible server here).
    OPENAI_RESPONSES_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    ANTHROPIC_API_KEY: optionalText,
    ANTHROPIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    AI_MODEL: optionalText,
    // The image model that draws course covers and lesson illustrations (docs/decisions/068-ai-images.md):
    // OpenAI's by default, a compatible server's only when named; Anthropic has none.
    AI_IMAGE_MODEL: optionalText,
    // How long an AI call may go without a byte from the provider (the first included)
    // before it counts as timed out and is retried; and each company's monthly token quota.
    AI_TIMEOUT_MS: ms.default(120_000),
    // How long one image request may take in all: an image model sends nothing until the picture is done.
    AI_IMAGE_TIMEOUT_MS: ms.default(180_000),
    // Registrations one IP address may attempt an hour (an office behind one NAT address, a test suite).
    REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    AI_MONTHLY_TOKENS_PER_COMPANY: z.coerce.number().int().min(0).default(2_000_000),
    // Messages one user may send the assistants per calendar month (UTC).
    AI_CHAT_MESSAGES_PER_USER_MONTH: z.coerce.number().int().min(0).default(300),
    // Durable generation jobs. Steps of one job that run at once, and — when set — a fixed cap on
    // the steps of all of one company's jobs (across every instance on the database); unset, each
    // company gets a fair share of what the provider takes now.
    AI_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(16),
    AI_COMPANY_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    // Requests in flight to the AI provider: where the adaptive limit starts, and the most it may
    // grow to. It halves when the provider answers 429 (or is overloaded, or times out) and grows
    // by one per full window of successes.
    AI_PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(16),
    AI_PROVIDER_CONCURRENCY_MAX: z.coerce.number().int().min(1).max(1024).default(64),
    // A worker holds a job for this long and renews it every third of it; a job whose worker
    // vanished is taken over when it runs out.
    AI_JOB_LEASE_MS: ms.min(1000).default(30_000),
    // The watchdog fails a job that has run longer than this.
    AI_JOB_MAX_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    SEED_DEMO: bool.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Outgoing mail (confirmation codes, notifications). Without SMTP_URL mails are kept in the
    // database and read at /dev/mail with the key the server prints at start (or DEV_MAIL_KEY).
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: optionalText,
    DEV_MAIL_KEY: z.string().min(16).max(200).optional(),
    // A mail SMTP refused is tried again after this long, then four times longer each time.
    MAIL_RETRY_MS: ms.default(30_000),
    // How often the reminders, digests and weekly summaries are looked for (one instance each time).
    NOTIFICATIONS_SCAN_INTERVAL_MS: ms.default(300_000),
    // Where contact-form requests are mailed (with SMTP_URL); without it they are only stored.
    SALES_EMAIL: z.email().optional(),
    // The DNS servers a company's own domain is checked with (its TXT record), as host or host:port,
    // comma-separated; without it the system's resolvers.
    DNS_SERVERS: z
      .string()
      .regex(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, 'must be host or host:port, comma-separated')
      .optional(),
    // The key secrets kept for sending on (an identity provider's client secret) are encrypted with;
    // without it, a key the installation makes and keeps in its database.
    SECRETS_KEY: z.string().min(32).max(400).optional(),
    // Identity providers at http:// addresses: only for a provider on this machine in development
    // and tests; production providers are always https.
    SSO_ALLOW_HTTP_ISSUERS: bool.default(false),
    // Webhooks and a company's LRS at http:// and at private, loopback or link-local addresses: for a
    // receiver on this machine or inside the installation's own network; otherwise only public https.
    OUTBOUND_ALLOW_PRIVATE_URLS: bool.default(false),
    // A webhook delivery or xAPI statement the receiver refused is tried again after this long, then
    // four times longer each time.
    OUTBOUND_RETRY_MS: ms.default(30_000),
    // The installation's own learning record store: the xAPI statements of every company that set
    // none of its own go there. The operator's, so any address it names is reached.
    XAPI_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    XAPI_USERNAME: optionalText,
    XAPI_PASSWORD: optionalText,
    // Time limits on receiving a request, and on a graceful stop.
    HTTP_HEADERS_TIMEOUT_MS: ms.default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: ms.default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: ms.default(72_000),
    SHUTDOWN_TIMEOUT_MS: ms.default(10_000),
    // Uploads. On the disk under DATA_DIR/uploads unless the S3 set is given (all or none).
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    UPLOAD_MAX_VIDEO_MB: z.coerce.number().int().min(1).max(100_000).default(2048),
    // The whole upload request must arrive within this (a 2 GB video on a slow line needs long);
    // an upload that sends nothing for HTTP_REQUEST_TIMEOUT_MS is cut sooner.
    HTTP_UPLOAD_TIMEOUT_MS: ms.default(2 * 60 * 60 * 1000),
    // The Ed25519 key that signs certificates; without it one is made in DATA_DIR.
    CERT_SIGNING_KEY: z
      .string()
      .transform((value, ctx) => {
        const key = parseSigningKey(value);
        if (!key)
          ctx.addIssue({
            code: 'custom',
            message: 'must be an Ed25519 private key: a PKCS#8 PEM (newlines may be written \\n), or its base64 body on one line',
          });
        return key ?? z.NEVER;
      })
      .optional(),
    // Payments through Stripe (both keys, or neither: then paid actions answer 503),
    // where the Stripe library sends its requests (another host only for a test double), and the
    // operator of this installation as the seller on subscription invoices.
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
    INVOICE_SELLER_NAME: optionalText,
    INVOICE_SELLER_CVR: z
      .string()
      .trim()
      .regex(/^\d{8}$/, 'must be a CVR number of 8 digits')
      .optional(),
    INVOICE_SELLER_ADDRESS: optionalText,
    INVOICE_SELLER_EMAIL: z.email().optional(),
  })
  .refine((e) => !e.STRIPE_SECRET_KEY === !e.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take payments, or neither',
  })
  .refine((e) => !e.XAPI_USERNAME === !e.XAPI_PASSWORD && (!e.XAPI_USERNAME || e.XAPI_ENDPOINT), {
    path: ['XAPI_PASSWORD'],
    message: 'XAPI_USERNAME and XAPI_PASSWORD go together, and with XAPI_ENDPOINT',
  })
  .refine((e) => e.HTTP_HEADERS_TIMEOUT_MS <= e.HTTP_REQUEST_TIMEOUT_MS, {
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
    message: 'must not be longer than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
  })
  .superRefine((e, ctx) => {
    const given = S3_REQUIRED.filter((name) => e[name] !== undefined);
    if (given.length === 0 && e.S3_REGION === undefined) return;
    for (const name of S3_REQUIRED) {
      if (e[name] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required for S3 upload storage (set all of ${S3_REQUIRED.join(', ')}, or none of them to keep uploads on the disk)`,
        });
      }
    }
  })
  .refine((e) => e.HTTP_REQUEST_TIMEOUT_MS <= e.HTTP_UPLOAD_TIMEOUT_MS, {
    path: ['HTTP_UPLOAD_TIMEOUT_MS'],
    message: 'must not be shorter than HTTP_REQUEST_TIMEOUT_MS',
  })
  .refine((e) => !e.OPENAI_BASE_URL || e.AI_MODEL, {
    path: ['AI_MODEL'],
    message: 'is required with OPENAI_BASE_URL: an OpenAI-compatible server has no default model (e.g. AI_MODEL=llama3.1 for Ollama)',
  })
  .refine((e) => !e.AI_IMAGE_MODEL || e.OPENAI_BASE_URL || e.OPENAI_API_KEY, {
    path: ['AI_IMAGE_MODEL'],
    message: 'needs OPENAI_BASE_URL or OPENAI_API_KEY: Anthropic has no image model, and without a provider nothing would draw',
  })
  .refine((e) => !(e.OPENAI_BASE_URL && e.OPENAI_RESPONSES_BASE_URL), {
    path: ['OPENAI_RESPONSES_BASE_URL'],
    message: 'cannot be used with OPENAI_BASE_URL, which chooses an OpenAI-compatible server over chat completions: set one of them',
  })
  .refine((e) => e.CVR_PROVIDER !== 'cvrapi' || e.CVRAPI_USER_AGENT, {
    path: ['CVRAPI_USER_AGENT'],
    message: 'is required when CVR_PROVIDER=cvrapi (cvrapi.dk refuses requests without a descriptive User-Agent)',
  });

export type Env = z.infer<typeof ZEnv> & {
  PUBLIC_URL: string;
  /** `AI_MODEL_<TASK>` overrides by task name. */
  aiTaskModels: Partial<Record<AiTaskName, string>>;
};

/** `AI_MODEL_<TASK>`: one model per known task; a name that is no task is an error, not ignored. */
function taskModels(source: Record<string, string | undefined>): { models: Env['aiTaskModels']; issues: string[] } {
  const byVariable = new Map(AI_TASKS.map((task) => [taskModelVariable(task), task]));
  const models: Env['aiTaskModels'] = {};
  const issues: string[] = [];
  for (const [name, value] of Object.entries(source)) {
    if (!name.startsWith(TASK_MODEL_PREFIX) || value === undefined) continue;
    const task = byVariable.get(name);
    if (!task) issues.push(`  ${name}=${JSON.stringify(value)}: is no AI task's model; the tasks are ${[...byVariable.keys()].join(', ')}`);
    else if (value.trim() === '') issues.push(`  ${name}: must name a model`);
    else models[task] = value.trim();
  }
  return { models, issues };
}

export class EnvError extends Error {}

/** Parses the environment once. A bad value throws an EnvError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(cleaned);
  const tasks = taskModels(cleaned);
  if (!result.success || tasks.issues.length > 0) {
    const lines = (result.error?.issues ?? []).map((i) => {
      const name = String(i.path[0] ?? 'environment');
      const value = source[name];
      const shown = value === undefined ? '' : SECRET_VARIABLES.has(name) ? ' (value not shown)' : `=${JSON.stringify(value)}`;
      return `  ${name}${shown}: ${i.message}`;
    });
    lines.push(...tasks.issues);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data!;
  return { ...env, aiTaskModels: tasks.models, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}
