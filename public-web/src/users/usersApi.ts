import { api } from '../auth/apiClient';
import type { ProfilePictureAnswer } from '@circuit/shared/api/users';
import type { Profile } from './types';

/** Profile reads and writes (/api/openapi.json, Profile). Each throws ApiError on failure. */
export const usersApi = {
  byUsername: async (username: string, signal?: AbortSignal) =>
    (await api.get<Profile>(`/api/users/username/${encodeURIComponent(username)}`, signal)).data as Profile,
  byId: async (id: string, signal?: AbortSignal) => (await api.get<Profile>(`/api/users/${encodeURIComponent(id)}`, signal)).data as Profile,
  updateProfile: (body: Record<string, unknown>) => api.put<Profile>('/api/users/profile', body),
  uploadPicture: (file: File) => api.upload<ProfilePictureAnswer>('/api/users/profile-picture', 'profilePicture', file),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<unknown>('/api/auth/change-password', { currentPassword, newPassword }),
};
