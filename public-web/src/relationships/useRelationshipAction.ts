import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { userId } from '../auth/types';
import { notificationKeys } from '../notifications/notificationsApi';
import { headerCountKeys } from '../shell/headerCounts';
import { notify } from '../ui/toast';
import { userKeys } from '../users/keys';
import { ACTION_TEXTS, relationshipApi, relationshipKeys, type RelationshipAction } from './relationshipApi';

export interface RelationshipActionInput {
  action: RelationshipAction;
  targetId: string;
  /** A success text other than the action's default (the lists say 'Unfollowed successfully'). */
  successText?: string;
  failureText?: string;
}

export class InvalidOperationError extends Error {
  constructor() {
    super('Invalid operation');
  }
}

/**
 * One social-graph action with its toast; afterwards everything that may have changed is read again
 * (relationship status, counts on profiles, lists, notifications and the header badge).
 */
export function useRelationshipAction() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const me = user ? userId(user) : null;

  return useMutation({
    mutationFn: async ({ action, targetId }: RelationshipActionInput) => {
      // Acting on oneself is refused before any call (spec section 5).
      if (me && targetId === me) throw new InvalidOperationError();
      return relationshipApi.act(action, targetId);
    },
    onSuccess: (relationship, { action, targetId, successText }) => {
      if (relationship) queryClient.setQueryData(relationshipKeys.status(targetId), relationship);
      notify.success(successText ?? ACTION_TEXTS[action].success);
    },
    onError: (error, { action, failureText }) => {
      notify.error(error instanceof InvalidOperationError ? error.message : messageOf(error, failureText ?? ACTION_TEXTS[action].failure));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: relationshipKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: headerCountKeys.notifications }),
      ]),
  });
}
