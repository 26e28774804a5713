import type { RegistrationComparison } from '@circuit/shared/api/admin-audit';
import { API_URL } from '../api';
import { useAuditRead } from './useAuditRead';

/** The registration's state replayed at `at` (ISO) beside today's read model; null `at`: nothing asked yet. */
export function useReplayAt(registrationId: string | undefined, at: string | null) {
  const { data, ...rest } = useAuditRead<RegistrationComparison>(registrationId && at ? `${API_URL}/admin/audit/registrations/${encodeURIComponent(registrationId)}/state?at=${encodeURIComponent(at)}` : null, 'Could not replay');
  return { comparison: data, ...rest };
}
