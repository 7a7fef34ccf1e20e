import type { TUser } from '@shared/schemas/users.ts';

export function ConsentsSection(_props: { user: TUser }) {
  return null;
}
