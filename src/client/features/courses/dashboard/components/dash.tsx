/** A figure that is not there (not loaded yet, no ratings): a dash on screen, the reason for screen readers. */
export function Dash({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">{label}</span>
    </>
  );
}
