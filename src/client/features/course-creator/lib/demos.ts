/** The AI systems demo cards (SPEC §4): each runs one real, small call. */
export const DEMOS = ['concept', 'needs'] as const;
export type DemoName = (typeof DEMOS)[number];
