import { isApiError } from '@/lib/api-client';

/** The AI endpoints' error codes (ADR 016) the creator treats apart from a plain failure. */
export const isSetupRequired = (error: unknown): boolean => isApiError(error) && error.body?.code === 'AI_NOT_CONFIGURED';

/** The server's own explanation (quota reached, provider down …), in the request's language. */
export const errorText = (error: unknown): string =>
  isApiError(error) ? (error.body?.message ?? error.message) : error instanceof Error ? error.message : String(error);
