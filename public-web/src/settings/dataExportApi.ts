import type { DataExport, DataExportAnswer } from '@circuit/shared/api/data-export';
import { api } from '../auth/apiClient';

/** "Download my data" (/api/openapi.json, Your data). */
export const dataExportApi = {
  latest: async (signal?: AbortSignal) => (await api.get<DataExportAnswer>('/api/users/me/data-export', signal)).data,
  request: async () => (await api.post<DataExport>('/api/users/me/data-export')).data,
};

export const dataExportKeys = { latest: ['settings', 'data-export'] as const };
