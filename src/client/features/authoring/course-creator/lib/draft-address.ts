/** The draft the address names (?draft=id): the wizard resumes it. */
export const draftInAddress = (search: string) => new URLSearchParams(search).get('draft');

/** Keeps the saved draft in the address, so a reload (or a bookmark) comes back to it. */
export function rememberInAddress(id: string | null) {
  const url = new URL(window.location.href);
  if (url.searchParams.get('draft') === id) return;
  if (id) url.searchParams.set('draft', id);
  else url.searchParams.delete('draft');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
