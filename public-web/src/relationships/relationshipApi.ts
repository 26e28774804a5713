import { api } from '../auth/apiClient';
import type { Relationship, UserSummary } from '../users/types';

/** Social-graph calls (/api/openapi.json, Social graph); the target user id is in the path. */
export type RelationshipAction =
  | 'follow'
  | 'unfollow'
  | 'remove-follower'
  | 'connect'
  | 'accept-connection'
  | 'reject-connection'
  | 'block'
  | 'unblock'
  | 'remove-connection';

export type RelationshipList = 'followers' | 'following' | 'connections';

const actionPath = (action: RelationshipAction, id: string) => {
  const target = encodeURIComponent(id);
  if (action === 'remove-connection') return `/api/users/connections/${target}/remove`;
  if (action === 'remove-follower') return `/api/users/followers/${target}/remove`;
  return `/api/users/${action}/${target}`;
};

export const relationshipApi = {
  act: async (action: RelationshipAction, id: string) => (await api.post<Relationship>(actionPath(action, id))).data,
  report: (id: string, reason: string) => api.post<unknown>(`/api/users/report/${encodeURIComponent(id)}`, { reason }),
  status: async (id: string, signal?: AbortSignal) =>
    (await api.get<Relationship>(`/api/users/relationship/${encodeURIComponent(id)}`, signal)).data as Relationship,
  list: async (kind: RelationshipList, id: string, signal?: AbortSignal) => {
    const data = (await api.get<UserSummary[]>(`/api/users/${kind}/${encodeURIComponent(id)}`, signal)).data;
    return Array.isArray(data) ? data : [];
  },
};

/** Keys by prefix: every relationship action invalidates ['relationships']. */
export const relationshipKeys = {
  all: ['relationships'] as const,
  status: (id: string) => ['relationships', 'status', id] as const,
  list: (kind: RelationshipList, id: string) => ['relationships', kind, id] as const,
};

/** Toasts of spec section 8 for each action: success, and the default failure when the server sent no message. */
export const ACTION_TEXTS: Record<RelationshipAction, { success: string; failure: string }> = {
  follow: { success: 'Followed!', failure: 'Failed to follow user' },
  unfollow: { success: 'Unfollowed!', failure: 'Failed to unfollow user' },
  'remove-follower': { success: 'Follower removed', failure: 'Failed to remove follower' },
  connect: { success: 'Connection request sent!', failure: 'Failed to send connection request' },
  'accept-connection': { success: 'Connection request accepted!', failure: 'Failed to accept connection request' },
  'reject-connection': { success: 'Connection request rejected!', failure: 'Failed to reject connection request' },
  block: { success: 'User blocked successfully', failure: 'Failed to block user' },
  unblock: { success: 'User unblocked successfully', failure: 'Failed to unblock user' },
  'remove-connection': { success: 'Connection removed', failure: 'Failed to remove connection' },
};
