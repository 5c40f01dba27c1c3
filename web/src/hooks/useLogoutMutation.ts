import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../api/client';
import * as keys from '../api/keys';

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post<{ ok: true }>('/api/auth/logout'),
    onSuccess: () => {
      queryClient.setQueryData(keys.auth.check(), { isAdmin: false });
    },
  });
}
