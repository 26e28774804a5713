import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { messageOf, newRequestId } from '../auth/apiClient';
import { openConversation } from '../realtime/openConversations';
import { useSocket, useSocketEvent, useSocketReconnected } from '../realtime/socketContext';
import { clearUnreadLocally } from '../realtime/useUnreadCounts';
import { notify } from '../ui/toast';
import { SEND_CONFIRM_TIMEOUT_MS } from './constants';
import { belongsTo, conversationReducer, displayedMessages, initialConversation } from './conversationState';
import { messageKeys } from './keys';
import { messagesApi } from './messagesApi';
import type { ChatMessage, DisplayMessage, LocalMessage, MessageThread, ReplyRef } from './types';

let localSequence = 0;

export interface Conversation {
  messages: DisplayMessage[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Whether an older page exists ('Load More Messages' shows while it does). */
  hasMore: boolean;
  loadingOlder: boolean;
  /** Reads the previous page; resolves with its messages (null when there was nothing to read or it failed). */
  loadOlder(): Promise<ChatMessage[] | null>;
  /** Sends over the socket, showing the message at once; false when it cannot be sent (blank, no partner, no connection). */
  send(text: string, replyTo?: ReplyRef | null): boolean;
  retry(localId: string): boolean;
  discard(localId: string): void;
  /** Deletes one's own message; toasts the failure and resolves false. */
  remove(messageId: string): Promise<boolean>;
  reload(): void;
}

/**
 * One conversation with `partnerId` (spec section 4, "Chat"): opening it marks that user's messages
 * read and loads the newest page of `pageSize`; live private messages arrive, deleted ones go, sends
 * are optimistic and reconciled with the server's copy; after a reconnection the newest page is read
 * again to catch up.
 */
export function useConversation(partnerId: string | null, pageSize: number): Conversation {
  const { socket, userId: me } = useSocket();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(conversationReducer, partnerId, initialConversation);
  const [reloadToken, setReloadToken] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);

  // Read synchronously by loadOlder (which may run several times in a row before a render).
  const cursor = useRef<{ partnerId: string | null; oldestId: string | null; hasMore: boolean; busy: boolean }>({
    partnerId,
    oldestId: null,
    hasMore: false,
    busy: false,
  });
  const timers = useRef(new Map<string, number>());

  const markRead = useMarkRead();
  const readLater = useRef<number | undefined>(undefined);
  const unreadWhileHidden = useRef(false);

  // Open (or switch) the conversation: newest page, then mark read.
  useEffect(() => {
    dispatch({ type: 'reset', partnerId });
    cursor.current = { partnerId, oldestId: null, hasMore: false, busy: false };
    setLoadingOlder(false);
    if (!partnerId || !me) return;
    const controller = new AbortController();
    messagesApi.chat(partnerId, pageSize, undefined, controller.signal).then(
      (page) => {
        cursor.current = { ...cursor.current, oldestId: page.messages[0]?._id ?? null, hasMore: page.hasMore };
        dispatch({ type: 'loaded', messages: page.messages, hasMore: page.hasMore });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        dispatch({ type: 'loadFailed', error: messageOf(error, 'Failed to load messages') });
      },
    );
    markRead(partnerId);
    return () => controller.abort();
  }, [partnerId, me, pageSize, reloadToken, markRead]);

  // While open, the partner's new messages count as read (see realtime/openConversations.ts).
  useEffect(() => (partnerId ? openConversation(partnerId) : undefined), [partnerId]);

  // Pending-confirmation timers end with the conversation.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
      pending.clear();
      window.clearTimeout(readLater.current);
    };
  }, [partnerId]);

  // Messages that arrive while the tab is hidden are marked read when it is seen again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && unreadWhileHidden.current && partnerId) {
        unreadWhileHidden.current = false;
        markRead(partnerId);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [partnerId, markRead]);

  const confirmWithin = useCallback((localId: string) => {
    window.clearTimeout(timers.current.get(localId));
    timers.current.set(
      localId,
      window.setTimeout(() => {
        timers.current.delete(localId);
        dispatch({ type: 'sendFailed', localId });
      }, SEND_CONFIRM_TIMEOUT_MS),
    );
  }, []);

  useSocketEvent('private_message', (message) => {
    if (!partnerId || !me || !message || !belongsTo(message, me, partnerId)) return;
    dispatch({ type: 'received', message, me });
    if (message.from !== partnerId) return;
    // Read while open: tell the server (once for a burst), or when the tab is seen again.
    if (document.visibilityState !== 'visible') {
      unreadWhileHidden.current = true;
      return;
    }
    window.clearTimeout(readLater.current);
    readLater.current = window.setTimeout(() => markRead(partnerId), 300);
  });
  useSocketEvent('message_deleted', (messageId) => dispatch({ type: 'deleted', messageId }));
  useSocketEvent('message_error', () => dispatch({ type: 'sendFailed' }));

  useSocketReconnected(() => {
    if (!partnerId || !me || state.status !== 'ready') return;
    messagesApi.chat(partnerId, pageSize).then(
      (page) => dispatch({ type: 'merged', messages: page.messages, me }),
      () => undefined,
    );
    markRead(partnerId);
  });

  const loadOlder = useCallback(async () => {
    const c = cursor.current;
    if (!c.partnerId || c.busy || !c.hasMore || !c.oldestId) return null;
    const forPartner = c.partnerId;
    cursor.current = { ...c, busy: true };
    setLoadingOlder(true);
    try {
      const page = await messagesApi.chat(forPartner, pageSize, c.oldestId);
      if (cursor.current.partnerId !== forPartner) return null;
      cursor.current = { ...cursor.current, oldestId: page.messages[0]?._id ?? cursor.current.oldestId, hasMore: page.hasMore };
      dispatch({ type: 'olderLoaded', messages: page.messages, hasMore: page.hasMore });
      return page.messages;
    } catch (error) {
      notify.error(messageOf(error, 'Failed to load more messages'));
      return null;
    } finally {
      if (cursor.current.partnerId === forPartner) {
        cursor.current = { ...cursor.current, busy: false };
        setLoadingOlder(false);
      }
    }
  }, [pageSize]);

  const send = useCallback(
    (text: string, replyTo: ReplyRef | null = null) => {
      const message = text.trim();
      if (!message || !partnerId || !me || !socket?.connected) return false;
      const local: LocalMessage = {
        _id: `local-${++localSequence}`,
        from: me,
        to: partnerId,
        message,
        createdAt: new Date().toISOString(),
        replyTo: replyTo ? { _id: replyTo._id, message: replyTo.message, from: replyTo.from } : null,
        local: true,
        state: 'pending',
        clientMessageId: newRequestId(),
      };
      dispatch({ type: 'sent', message: local });
      socket.emit('private_message', { from: me, to: partnerId, message, replyTo: local.replyTo, clientMessageId: local.clientMessageId });
      confirmWithin(local._id);
      return true;
    },
    [partnerId, me, socket, confirmWithin],
  );

  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  const retry = useCallback(
    (localId: string) => {
      const message = stateRef.current.local.find((l) => l._id === localId);
      if (!message || !me || !socket?.connected) return false;
      dispatch({ type: 'retried', localId });
      // The same client message id: if the first try was stored after all, this one is not stored again.
      socket.emit('private_message', { from: me, to: message.to, message: message.message, replyTo: message.replyTo, clientMessageId: message.clientMessageId });
      confirmWithin(localId);
      return true;
    },
    [me, socket, confirmWithin],
  );

  const discard = useCallback((localId: string) => {
    window.clearTimeout(timers.current.get(localId));
    timers.current.delete(localId);
    dispatch({ type: 'discarded', localId });
  }, []);

  const remove = useCallback(
    async (messageId: string) => {
      try {
        await messagesApi.remove(messageId);
        dispatch({ type: 'deleted', messageId });
        void queryClient.invalidateQueries({ queryKey: messageKeys.threads });
        return true;
      } catch (error) {
        notify.error(messageOf(error, 'Failed to delete message'));
        return false;
      }
    },
    [queryClient],
  );

  const reload = useCallback(() => setReloadToken((n) => n + 1), []);

  // Between a switch of partner and the reset it triggers, show the new conversation as loading.
  const current = state.partnerId === partnerId ? state : initialConversation(partnerId);
  return {
    messages: displayedMessages(current),
    status: current.status,
    error: current.error,
    hasMore: current.hasMore,
    loadingOlder,
    loadOlder,
    send,
    retry,
    discard,
    remove,
    reload,
  };
}

/**
 * POST mark-read for a partner: their badge and share of the header total go at once; a failure is
 * silent (the counts' next refresh shows the truth).
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useCallback(
    (fromUserId: string) => {
      clearUnreadLocally(queryClient, fromUserId);
      queryClient.setQueryData<MessageThread[]>(messageKeys.threads, (rows) =>
        rows?.map((row) => (row.user.id === fromUserId && row.unreadCount ? { ...row, unreadCount: 0 } : row)),
      );
      messagesApi.markRead(fromUserId).catch(() => undefined);
    },
    [queryClient],
  );
}
