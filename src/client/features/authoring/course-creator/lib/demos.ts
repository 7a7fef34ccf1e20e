/** The AI systems demo cards: each runs one real, small call. */
export const DEMOS = ['concept', 'needs'] as const;
export type DemoName = (typeof DEMOS)[number];
