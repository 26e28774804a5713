import { useQuery } from '@tanstack/react-query';
import { CoHostingSchema } from '@circuit/shared/api/check-in';
import { api } from '../auth/apiClient';

export const coHostingKey = ['co-hosting', 'mine'] as const;

/** The listings the signed-in user co-hosts (GET /api/listings/co-hosting), soonest first as the server sends them. */
export function useCoHosting() {
  return useQuery({
    queryKey: coHostingKey,
    queryFn: async ({ signal }) => CoHostingSchema.parse((await api.get<unknown>('/api/listings/co-hosting', signal)).data).listings,
  });
}
