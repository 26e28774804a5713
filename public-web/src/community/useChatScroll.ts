import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { COMMUNITY_REPLY_HIGHLIGHT_MS, type CommunityMessage } from '@circuit/shared/api/community';
import { notify } from '../ui/toast';

const NEAR_EDGE_PX = 80;

/**
 * The list's scrolling: at the bottom on open and while the reader is there when messages arrive,
 * in place when an older page comes in front, an older page asked for near the top, and a jump to
 * a replied message that highlights it for 2 s.
 */
export function useChatScroll(messages: CommunityMessage[], options: { hasMore: boolean; loadingOlder: boolean; loadOlder(): void }) {
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const first = useRef<string | undefined>(undefined);
  const heightBefore = useRef<number | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);

  // An older page in front: keep the messages the reader was looking at where they were.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const oldest = messages[0]?._id;
    if (heightBefore.current !== null && oldest !== first.current) {
      list.scrollTop += list.scrollHeight - heightBefore.current;
    } else if (atBottom.current) {
      list.scrollTop = list.scrollHeight;
    }
    heightBefore.current = null;
    first.current = oldest;
  }, [messages]);

  const { hasMore, loadingOlder, loadOlder } = options;
  const older = useCallback(() => {
    if (!hasMore || loadingOlder) return;
    heightBefore.current = listRef.current?.scrollHeight ?? null;
    loadOlder();
  }, [hasMore, loadingOlder, loadOlder]);

  const onScroll = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < NEAR_EDGE_PX;
    if (list.scrollTop < NEAR_EDGE_PX) older();
  }, [older]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(null), COMMUNITY_REPLY_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  const jumpTo = useCallback((messageId: string) => {
    const element = document.getElementById(`community-message-${messageId}`);
    if (!element) {
      notify.info('That message is not loaded. Load older messages to find it, or it was deleted.');
      return;
    }
    // Only the list scrolls. scrollIntoView would scroll every ancestor too: a message near the end
    // cannot be centred by the list alone, and the rest went to the dialog's backdrop, lifting the
    // whole dialog (its header with Close and Search) off the top of the screen.
    const list = listRef.current;
    if (list) {
      const offset = element.getBoundingClientRect().top - list.getBoundingClientRect().top;
      const top = list.scrollTop + offset - (list.clientHeight - element.offsetHeight) / 2;
      list.scrollTo({ top, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    }
    element.focus({ preventScroll: true });
    setHighlighted(messageId);
  }, []);

  const toBottom = useCallback(() => {
    atBottom.current = true;
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, []);

  return { listRef, onScroll, older, jumpTo, highlighted, toBottom };
}
