import type * as AiModule from 'ai';

/**
 * The AI SDK (`ai`) is loaded on the first AI request, not at start: with its provider packages it
 * is some tens of MB a server holds whether or not anyone ever asks the AI anything, and a company
 * without a provider configured never does.
 */
export type AiSdk = typeof AiModule;

let loading: Promise<AiSdk> | undefined;
let loaded: AiSdk | undefined;

export function loadAiSdk(): Promise<AiSdk> {
  loading ??= import('ai').then((sdk) => (loaded = sdk));
  return loading;
}

/**
 * The SDK if a request has loaded it, else undefined. An error can only be one of the SDK's once
 * the SDK has run, so code sorting errors after a request can ask this without waiting.
 */
export function loadedAiSdk(): AiSdk | undefined {
  return loaded;
}
