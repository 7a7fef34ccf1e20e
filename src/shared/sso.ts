/**
 * Single sign-on's words the login page needs, kept apart from its schemas so the page does not
 * load the validation library (docs/decisions/058-single-sign-on.md).
 */

export const SSO_PROVIDERS = ['entra', 'google', 'oidc', 'saml'] as const;
export type TSsoProvider = (typeof SSO_PROVIDERS)[number];

/** Why a sign-in at the provider came back without a session; the login page says it in words. */
export const SSO_ERRORS = ['expired', 'provider', 'refused', 'domain', 'account', 'seat', 'off'] as const;
export type TSsoError = (typeof SSO_ERRORS)[number];
