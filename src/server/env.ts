import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z.string().trim().min(1).optional();

/** DESIGN.md's environment table. Everything is optional; defaults give an embedded install. */
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
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
    TRUST_PROXY: bool.default(false),
    CVR_PROVIDER: z.enum(['offline', 'cvrapi']).default('offline'),
    CVRAPI_USER_AGENT: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: z.url().optional(),
    ANTHROPIC_API_KEY: optionalText,
    AI_MODEL: optionalText,
    SEED_DEMO: bool.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((e) => e.CVR_PROVIDER !== 'cvrapi' || e.CVRAPI_USER_AGENT, {
    path: ['CVRAPI_USER_AGENT'],
    message: 'is required when CVR_PROVIDER=cvrapi (cvrapi.dk refuses requests without a descriptive User-Agent)',
  });

export type Env = z.infer<typeof ZEnv> & { PUBLIC_URL: string };

export class EnvError extends Error {}

/** Parses the environment once. A bad value throws an EnvError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      const value = source[name];
      return `  ${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${i.message}`;
    });
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}
