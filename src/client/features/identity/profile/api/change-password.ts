import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@shared/schemas/auth.ts';
import type { TOkResponse } from '@shared/schemas/common.ts';
import { api } from '@/lib/api-client';

/** 400 with errors.currentPassword when the current password is wrong. */
export function changePassword(body: TChangePasswordRequest): Promise<TOkResponse> {
  return api.post<TOkResponse>('/api/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
