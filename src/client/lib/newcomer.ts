/**
 * Who is on their first visit: a person who has just registered, accepted an invitation, or
 * logged in for the first time is greeted as new ("Velkommen"), not as returning ("Velkommen
 * tilbage"). Kept for the tab, so a reload during that first visit greets them the same way.
 */
const KEY = 'kursa.newcomer';

export function markNewcomer(userId: string): void {
  try {
    sessionStorage.setItem(KEY, userId);
  } catch {
    // Storage refused (private mode, quota): the greeting falls back to the returning one.
  }
}

export function forgetNewcomer(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

export function isNewcomer(userId: string): boolean {
  try {
    return sessionStorage.getItem(KEY) === userId;
  } catch {
    return false;
  }
}
