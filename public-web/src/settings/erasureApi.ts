import { api, newRequestId } from '../auth/apiClient';

/** "Delete my account" (/api/openapi.json, Authentication: /api/auth/delete-account). */
export const erasureApi = {
  mailCode: async () => (await api.post<null>('/api/auth/delete-account/code')).message,
  /** One key per confirmation: a retried request is answered once and erases nothing twice. */
  erase: async (confirmation: { password: string } | { code: string }) => (await api.post<null>('/api/auth/delete-account', confirmation, newRequestId())).message,
};
