import type { UnreadCountUpdate } from './events';

/**
 * The conversations open on screen in this tab (the messages pane, a chat dialog). Their partner's
 * new messages are read as they arrive (the conversation marks them read at once), so the unread
 * counts leave them out while the tab is visible: no badge flashes up for a message being looked at.
 */
const open = new Map<string, number>();

/** Registers an open conversation; returns the function that closes it. */
export function openConversation(partnerId: string): () => void {
  open.set(partnerId, (open.get(partnerId) ?? 0) + 1);
  return () => {
    const n = (open.get(partnerId) ?? 1) - 1;
    if (n <= 0) open.delete(partnerId);
    else open.set(partnerId, n);
  };
}

const seen = (partnerId: string) => open.has(partnerId) && typeof document !== 'undefined' && document.visibilityState === 'visible';

/** An unread_count_update without the conversations being looked at: the per-sender map (when sent) and the total. */
export function unseenUnread(update: UnreadCountUpdate): { counts: Record<string, number> | null; total: number } {
  if (typeof update === 'number') return { counts: null, total: update };
  const map = update && typeof update === 'object' && update.unreadCounts && typeof update.unreadCounts === 'object' ? update.unreadCounts : null;
  if (!map) return { counts: null, total: typeof update?.total === 'number' ? update.total : 0 };
  const counts: Record<string, number> = {};
  for (const [id, n] of Object.entries(map)) if (typeof n === 'number' && n > 0 && !seen(id)) counts[id] = n;
  return { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
}
