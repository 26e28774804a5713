import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommunityMessage } from '@circuit/shared/api/community';
import { isApiError, messageOf, newRequestId } from '../auth/apiClient';
import { useSocket, useSocketEvent, useSocketReconnected } from '../realtime/socketContext';
import { notify } from '../ui/toast';
import { deleteCommunityMessage, editCommunityMessage, fetchCommunityPage, postCommunityMessage } from './communityApi';
import { withEdit, withMessage, withNewest, withOlder, without } from './communityState';

export type ChatStatus = 'loading' | 'ready' | 'error' | 'refused';

/**
 * The community chat's data: the newest 100 messages, older pages on demand, live posts, edits and
 * deletions from the hackathon's room (joined while the chat is open, again after a reconnect),
 * and the writes. A refusal (not a member, removed) is kept with the server's reason to show.
 */
export function useCommunityChat(hackathonId: string) {
  const { socket, connected } = useSocket();
  const [messages, setMessages] = useState<CommunityMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [canModerate, setCanModerate] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [sending, setSending] = useState(false);
  const pages = useRef(1);

  const refuse = useCallback((reason: string) => {
    setStatus('refused');
    setError(reason);
    setMessages([]);
  }, []);

  const loadNewest = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const page = await fetchCommunityPage(hackathonId, 1, signal);
        setMessages((current) => withNewest(current, page.data));
        setCanModerate(page.canModerate);
        if (pages.current === 1) setHasMore(page.pagination.hasMore);
        setStatus('ready');
        setError(null);
      } catch (err) {
        if (signal?.aborted) return;
        if (isApiError(err) && (err.status === 403 || err.status === 404)) return refuse(err.message);
        setStatus((s) => (s === 'ready' ? s : 'error'));
        setError(messageOf(err, 'Failed to load messages'));
      }
    },
    [hackathonId, refuse],
  );

  useEffect(() => {
    const controller = new AbortController();
    pages.current = 1;
    setMessages([]);
    setStatus('loading');
    void loadNewest(controller.signal);
    return () => controller.abort();
  }, [loadNewest]);

  // In the room while the chat is open (and the user may read it).
  const refused = status === 'refused';
  useEffect(() => {
    if (!socket || !connected || refused) return;
    socket.emit('join_community', hackathonId, (answer) => {
      if (!answer.ok) return refuse(answer.message);
      // What was posted between the first page's load and the join.
      void loadNewest();
    });
    return () => {
      socket.emit('leave_community', hackathonId);
    };
  }, [socket, connected, hackathonId, refused, refuse, loadNewest]);

  // Whatever was said while the connection was down.
  useSocketReconnected(() => void loadNewest());

  useSocketEvent('new_community_message', (m) => {
    if (m.hackathonId === hackathonId) setMessages((current) => withMessage(current, m));
  });
  useSocketEvent('community_message_updated', (m) => {
    if (m.hackathonId === hackathonId) setMessages((current) => withEdit(current, m));
  });
  useSocketEvent('community_message_deleted', (messageId) => setMessages((current) => without(current, messageId)));
  useSocketEvent('community_removed', (removed) => {
    if (removed.hackathonId === hackathonId) refuse(removed.message);
  });

  const loadOlder = useCallback(async () => {
    if (loadingOlder || !hasMore) return;
    setLoadingOlder(true);
    try {
      const page = await fetchCommunityPage(hackathonId, pages.current + 1);
      pages.current += 1;
      setMessages((current) => withOlder(current, page.data));
      setHasMore(page.pagination.hasMore);
    } catch (err) {
      notify.error(messageOf(err, 'Failed to load older messages'));
    } finally {
      setLoadingOlder(false);
    }
  }, [hackathonId, hasMore, loadingOlder]);

  /** Sends the text (a reply when `replyTo` is given); true once stored. */
  const send = useCallback(
    async (text: string, replyTo: string | null): Promise<boolean> => {
      if (!text.trim()) return false;
      setSending(true);
      const clientMessageId = newRequestId();
      try {
        const message = await postCommunityMessage(hackathonId, { message: text, replyTo, clientMessageId }, clientMessageId);
        if (message && '_id' in message) setMessages((current) => withMessage(current, message));
        return true;
      } catch (err) {
        if (isApiError(err) && err.status === 403) refuse(err.message);
        else notify.error(messageOf(err, 'Failed to send message'));
        return false;
      } finally {
        setSending(false);
      }
    },
    [hackathonId, refuse],
  );

  const edit = useCallback(
    async (messageId: string, text: string): Promise<boolean> => {
      try {
        const message = await editCommunityMessage(hackathonId, messageId, text);
        if (message && '_id' in message) setMessages((current) => withEdit(current, message));
        return true;
      } catch (err) {
        notify.error(messageOf(err, 'Failed to edit message'));
        return false;
      }
    },
    [hackathonId],
  );

  const remove = useCallback(
    async (messageId: string): Promise<boolean> => {
      try {
        await deleteCommunityMessage(hackathonId, messageId);
        setMessages((current) => without(current, messageId));
        return true;
      } catch (err) {
        notify.error(messageOf(err, 'Failed to delete message'));
        return false;
      }
    },
    [hackathonId],
  );

  return { messages, status, error, canModerate, hasMore, loadingOlder, sending, loadOlder, send, edit, remove, reload: () => void loadNewest() };
}
export type CommunityChat = ReturnType<typeof useCommunityChat>;
