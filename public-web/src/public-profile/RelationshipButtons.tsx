import { MessageSquare, UserCheck, UserMinus, UserPlus, Clock, Check, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useRelationshipAction } from '../relationships/useRelationshipAction';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { Profile, Relationship } from '../users/types';
import { fullName, idOf } from '../users/types';

// The chat (and its realtime code) loads only when a visitor opens it.
const ChatDialog = lazy(async () => ({ default: (await import('../messages/ChatDialog')).ChatDialog }));

/**
 * The relationship buttons of spec section 4, on another user's profile:
 * - connected: a disabled Following button and Message;
 * - otherwise Unfollow when following, else Follow (with a confirmation dialog);
 * - Connect (with a request dialog) only when not connected and no request either way; Request Sent (disabled) when one was
 *   sent; Accept and Reject when one was received.
 * The status is fetched again after every action (the mutation invalidates it).
 */
export function RelationshipButtons({ target, relationship }: { target: Profile; relationship: Relationship }) {
  const action = useRelationshipAction();
  const [confirmFollow, setConfirmFollow] = useState(false);
  const [confirmConnect, setConfirmConnect] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const targetId = idOf(target);
  const pending = action.isPending ? action.variables?.action : undefined;
  const busy = action.isPending;
  const run = (name: Parameters<typeof action.mutate>[0]['action']) => action.mutate({ action: name, targetId });

  if (relationship.isConnected) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled icon={<UserCheck className="size-4" aria-hidden="true" />}>
          Following
        </Button>
        <Button onClick={() => setChatOpen(true)} icon={<MessageSquare className="size-4" aria-hidden="true" />}>
          Message
        </Button>
        {chatOpen && (
          <Suspense fallback={null}>
            <ChatDialog
              open
              onClose={() => setChatOpen(false)}
              user={{ id: targetId, username: target.username, firstName: target.firstName, lastName: target.lastName, profilePicture: target.profilePicture }}
            />
          </Suspense>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      {relationship.isFollowing ? (
        <Button variant="secondary" onClick={() => run('unfollow')} loading={pending === 'unfollow'} disabled={busy} icon={<UserMinus className="size-4" aria-hidden="true" />}>
          Unfollow
        </Button>
      ) : (
        <Button onClick={() => setConfirmFollow(true)} loading={pending === 'follow'} disabled={busy} icon={<UserPlus className="size-4" aria-hidden="true" />}>
          Follow
        </Button>
      )}

      {relationship.requestReceived ? (
        <>
          <Button onClick={() => run('accept-connection')} loading={pending === 'accept-connection'} disabled={busy} icon={<Check className="size-4" aria-hidden="true" />}>
            Accept
          </Button>
          <Button variant="secondary" onClick={() => run('reject-connection')} loading={pending === 'reject-connection'} disabled={busy} icon={<X className="size-4" aria-hidden="true" />}>
            Reject
          </Button>
        </>
      ) : relationship.requestPending ? (
        <Button variant="secondary" disabled icon={<Clock className="size-4" aria-hidden="true" />}>
          Request Sent
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setConfirmConnect(true)} loading={pending === 'connect'} disabled={busy} icon={<UserPlus className="size-4" aria-hidden="true" />}>
          Connect
        </Button>
      )}

      <ConfirmDialog
        open={confirmFollow}
        title={`Follow ${fullName(target)}?`}
        message={`You will see ${target.firstName || target.username}'s activity, and they will be told that you followed them.`}
        confirmLabel="Follow"
        loading={pending === 'follow'}
        onCancel={() => setConfirmFollow(false)}
        onConfirm={() =>
          action.mutate({ action: 'follow', targetId }, { onSettled: () => setConfirmFollow(false) })
        }
      />
      {/* The spec's connection request dialog: a request is a message to someone, so it is sent only when confirmed. */}
      <ConfirmDialog
        open={confirmConnect}
        title={`Send a connection request to ${fullName(target)}?`}
        message={`If ${target.firstName || target.username} accepts, you will be connected and can message each other.`}
        confirmLabel="Send Request"
        loading={pending === 'connect'}
        onCancel={() => setConfirmConnect(false)}
        onConfirm={() => action.mutate({ action: 'connect', targetId }, { onSettled: () => setConfirmConnect(false) })}
      />
    </div>
  );
}
