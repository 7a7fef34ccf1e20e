// The rules are shared with the server, which lands a person after a single sign-on the same way.
export { homePath, landingPath as afterLoginPath, safeNextPath } from '@shared/landing.ts';
