import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.logout),
    onSuccess: () => {
      queryClient.setQueryData(keys.auth.check(), { isAdmin: false });
    },
  });
}
