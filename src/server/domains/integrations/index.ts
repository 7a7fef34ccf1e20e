/**
 * The integrations domain's public entry: what a company's own systems hear from Kursa (outgoing
 * webhooks, xAPI statements to its LRS). API keys, with which they call Kursa, belong to the
 * identity domain.
 */
export { type IntegrationEvents, setUpIntegrations } from './setup.ts';
