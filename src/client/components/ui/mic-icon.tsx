/**
 * Lucide's microphone, drawn inline: in every page's first-load chunk (the voice control's
 * launcher) it costs a few bytes less than the icon module. The voice panel shows the same one.
 */
export const micIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    className="size-6"
  >
    <path d="M12 19v3M19 10v2a7 7 0 0 1-14 0v-2" />
    <rect x={9} y={2} width={6} height={13} rx={3} />
  </svg>
);
