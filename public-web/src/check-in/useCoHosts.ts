import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInKind, CoHostRole } from '@circuit/shared/events/check-in';
import { isClientError } from '../auth/apiClient';
import { coHostKeys, fetchCoHosts, putCoHost, removeCoHost } from './checkInApi';

/** A listing's co-hosts and the organiser's writes to them; each write reads the list again. */
export function useCoHosts(kind: CheckInKind, id: string) {
  const client = useQueryClient();
  const key = coHostKeys.of(kind, id);
  const list = useQuery({ queryKey: key, retry: (n, error) => n < 2 && !isClientError(error), queryFn: ({ signal }) => fetchCoHosts(kind, id, signal) });
  const onSettled = () => client.invalidateQueries({ queryKey: key });
  const save = useMutation({ mutationFn: ({ username, role }: { username: string; role: CoHostRole }) => putCoHost(kind, id, username, role), onSettled });
  const remove = useMutation({ mutationFn: (username: string) => removeCoHost(kind, id, username), onSettled });
  return { list, save, remove };
}

export const ROLE_TEXT: Record<CoHostRole, { label: string; line: string }> = {
  manager: { label: 'Manager', line: 'Everything the organiser can do but delete the listing, check-in included.' },
  'check-in': { label: 'Check-in', line: 'The check-in screen only: scans tickets and checks people in at the door.' },
};
