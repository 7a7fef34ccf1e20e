import { DEFAULT_PREFERENCES, ZPreferences, type TPreferences } from './schemas/users.ts';

// The server's reading of the switches, apart from the schemas the client bundles (every public page carries those).

// Built once: zod schemas are costly to construct, and this runs on every authenticated request.
const ZStoredPreferences = ZPreferences.partial();

/** The switches as stored (JSON): what is not stored, or no longer a switch, is left at its default or ignored. */
export function storedPreferences(json: string): TPreferences {
  try {
    return { ...DEFAULT_PREFERENCES, ...ZStoredPreferences.parse(JSON.parse(json)) };
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}
