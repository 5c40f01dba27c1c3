import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../api/client';
import * as keys from '../api/public-keys';

export interface Credentials {
  username: string;
  password: string;
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => post<{ ok: true }>('/api/auth/login', credentials),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.auth.check() }),
  });
}
