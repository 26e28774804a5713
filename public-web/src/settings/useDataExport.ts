import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportAnswer } from '@circuit/shared/api/data-export';
import { isApiError, messageOf } from '../auth/apiClient';
import { dataExportApi, dataExportKeys } from './dataExportApi';

/** How often the page asks how far the copy is while it is built: the sections take seconds each at most. */
const BUILDING_POLL_MS = 1000;

/**
 * The latest copy of the user's data, asked again every second while it is built, and asking for a
 * new one. A refusal because one is being built already (another tab) shows that one.
 */
export function useDataExport() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: dataExportKeys.latest,
    queryFn: ({ signal }) => dataExportApi.latest(signal),
    refetchInterval: (q) => (q.state.data?.export?.status === 'building' ? BUILDING_POLL_MS : false),
  });
  const request = useMutation({
    mutationFn: dataExportApi.request,
    onSuccess: (started) => {
      // No data: the answer came before the read models had it (202); the poll will.
      if (started) queryClient.setQueryData<DataExportAnswer>(dataExportKeys.latest, { export: started });
      else void queryClient.invalidateQueries({ queryKey: dataExportKeys.latest });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: dataExportKeys.latest });
    },
  });
  const error = request.isError ? messageOf(request.error, 'Your request was not sent. Try again.') : null;
  return { query, latest: query.data?.export ?? null, request: () => request.mutate(), requesting: request.isPending, error };
}
