import { useQuery } from '@tanstack/react-query';
import { CoHostingSchema } from '@circuit/shared/api/check-in';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import { api } from '../auth/apiClient';

export const coHostingKey = ['co-hosting', 'mine'] as const;

/** The listings the signed-in user co-hosts (GET /api/listings/co-hosting), soonest first as the server sends them. */
export function useCoHosting(enabled = true) {
  return useQuery({
    queryKey: coHostingKey,
    queryFn: async ({ signal }) => CoHostingSchema.parse((await api.get<unknown>('/api/listings/co-hosting', signal)).data).listings,
    enabled,
  });
}

/**
 * Whether the signed-in user may manage a listing as the server would let them: its creator, an admin, or a
 * manager co-host. undefined while that is not known yet (the listing or the co-hosting list still loading).
 */
export function useMayManage(kind: CheckInKind, listing: { id: string; createdBy: string } | undefined, user: { id: string; role: string } | null): boolean | undefined {
  const direct = Boolean(listing && user && (user.id === listing.createdBy || user.role === 'admin'));
  const coHosting = useCoHosting(Boolean(listing && user && !direct));
  if (!listing || !user) return undefined;
  if (direct) return true;
  if (coHosting.isPending) return undefined;
  return Boolean(coHosting.data?.some((l) => l.kind === kind && l.id === listing.id && l.role === 'manager'));
}
