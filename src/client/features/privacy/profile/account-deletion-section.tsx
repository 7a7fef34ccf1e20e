import type { TUser } from '@shared/schemas/users.ts';

export function AccountDeletionSection(_props: { user: TUser }) {
  return null;
}
