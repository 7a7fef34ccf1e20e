import { z } from 'zod';

/** GET /api/public-config: what the public pages need to know about this installation. */
export const ZPublicConfig = z.object({
  demoAccount: z.object({ email: z.string(), password: z.string() }).nullable(),
  /** The demo company's learner, offered beside the admin while it exists. */
  demoLearner: z.object({ email: z.string(), password: z.string() }).nullable(),
  cvrProvider: z.enum(['offline', 'cvrapi']),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
