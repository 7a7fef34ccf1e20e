import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest, ZRegisterRequest } from '@shared/schemas/auth.ts';

/**
 * The login and registration forms' validation: the shared schemas the server also applies. In
 * a chunk of its own, loaded on first use (lib/lazy-resolver.ts), so zod is not part of the pages'
 * first load.
 */
export const loginResolver = zodResolver(ZLoginRequest);
export const registerResolver = zodResolver(ZRegisterRequest);
