import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/public-keys';

export interface Credentials {
  username: string;
  password: string;
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => callApi(endpoints.login, { body: credentials }),
    // The cache may hold this browser's answer from before the login (the visit to /admin that sent
    // it here): invalidating it left that "not an administrator" on show while it was fetched again,
    // and the console sent the visitor straight back to /login. Drop it, and ask again while the
    // login page says it is opening the console.
    onSuccess: async () => {
      await queryClient.resetQueries({ queryKey: keys.auth.check() });
      await queryClient.prefetchQuery({ queryKey: keys.auth.check() });
    },
  });
}
