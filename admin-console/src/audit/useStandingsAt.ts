import type { JudgingStandings } from '@circuit/shared/api/hackathon-judging';
import { API_URL } from '../api';
import { useAuditRead } from './useAuditRead';

/** The hackathon's standings replayed at `at` (ISO) from the score events; null `at`: nothing asked yet. */
export function useStandingsAt(hackathonId: string | undefined, at: string | null) {
  const { data, ...rest } = useAuditRead<JudgingStandings>(hackathonId && at ? `${API_URL}/admin/audit/judging/${encodeURIComponent(hackathonId)}/standings?at=${encodeURIComponent(at)}` : null, 'Could not replay');
  return { standings: data, ...rest };
}
