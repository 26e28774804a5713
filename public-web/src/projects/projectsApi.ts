import type { Project, ProjectRequest } from '@circuit/shared/api/projects';
import { api, request } from '../auth/apiClient';

/** Answer and request shapes from the contract (shared/src/api/projects.ts). */
export type { Project, ProjectComment } from '@circuit/shared/api/projects';
export type ProjectInput = ProjectRequest;

export type ProjectToggle = 'like' | 'unlike' | 'save' | 'unsave';

const projectPath = (id: string) => `/api/users/projects/${encodeURIComponent(id)}`;

/** Project calls (/api/openapi.json, Projects). */
export const projectsApi = {
  /** The list answers `{ success, projects }`; a failure yields an empty list (spec section 7). */
  list: async (username: string, signal?: AbortSignal): Promise<Project[]> => {
    try {
      const envelope = (await request<Project[]>(`/api/users/projects?username=${encodeURIComponent(username)}`, { signal })) as {
        projects?: unknown;
        data?: unknown;
      };
      const list = envelope.projects ?? envelope.data;
      return Array.isArray(list) ? (list as Project[]) : [];
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return [];
    }
  },
  create: async (input: ProjectInput) => (await api.post<Project>('/api/users/projects', input)).data,
  update: async (id: string, input: ProjectInput) => (await api.put<Project>(projectPath(id), input)).data,
  remove: (id: string) => api.delete<unknown>(projectPath(id)),
  toggle: async (id: string, action: ProjectToggle) => (await api.post<Project>(`${projectPath(id)}/${action}`)).data,
  comment: async (id: string, text: string) => (await api.post<Project>(`${projectPath(id)}/comments`, { text })).data,
  reply: async (id: string, commentId: string, text: string) =>
    (await api.post<Project>(`${projectPath(id)}/comments/${encodeURIComponent(commentId)}/replies`, { text })).data,
  uploadImage: async (file: File) => (await api.upload<{ url: string }>('/api/users/projects/image', 'image', file)).data?.url ?? null,
};

export const projectKeys = {
  all: ['projects'] as const,
  list: (username: string) => ['projects', 'list', username.toLowerCase()] as const,
};

export const projectId = (project: Pick<Project, '_id' | 'id'>) => project._id ?? project.id ?? '';

export const DESCRIPTION_MAX = 500;
