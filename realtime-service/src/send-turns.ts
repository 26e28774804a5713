/** How long one user's next message waits for the outcome of the previous one at most. */
const SEND_TURN_MS = 5000;
/** The pause between the messages of a user's backlog (never felt by someone typing). */
const SEND_BACKLOG_GAP_MS = 100;

/**
 * One user's messages go to the command side one at a time: the next leaves when the previous
 * one's outcome (delivered or failed) is back, or after SEND_TURN_MS, and a backlog is paced. A
 * burst from one user then queues behind itself instead of taking the database from everyone
 * else at once (in the embedded mode the database runs on the same thread as the requests).
 */
export function sendTurns() {
  const outcomes = new Map<string, () => void>();
  const sendTurns = new Map<string, Promise<void>>();
  const backlog = new Map<string, number>();

  /** A message's outcome is back: its sender's next message may leave. */
  const settle = (messageId: string | undefined) => {
    if (messageId) outcomes.get(messageId)?.();
  };

  /** Publishes the message once the user's earlier ones are settled; resolves when its own turn is over. */
  function sendInTurn(userId: string, messageId: string, publish: () => Promise<void>): Promise<void> {
    backlog.set(userId, (backlog.get(userId) ?? 0) + 1);
    const turn = (sendTurns.get(userId) ?? Promise.resolve()).then(async () => {
      let timer: NodeJS.Timeout | undefined;
      const settled = new Promise<void>((resolve) => {
        outcomes.set(messageId, resolve);
        timer = setTimeout(resolve, SEND_TURN_MS);
      });
      try {
        await publish();
        await settled;
        // With more of this user's messages waiting, a short pause lets everyone else's work in between.
        if ((backlog.get(userId) ?? 0) > 1) await new Promise((r) => setTimeout(r, SEND_BACKLOG_GAP_MS));
      } finally {
        clearTimeout(timer);
        outcomes.delete(messageId);
        const left = (backlog.get(userId) ?? 1) - 1;
        if (left > 0) backlog.set(userId, left);
        else backlog.delete(userId);
      }
    });
    const queued = turn.catch(() => undefined);
    sendTurns.set(userId, queued);
    void queued.then(() => {
      if (sendTurns.get(userId) === queued) sendTurns.delete(userId);
    });
    return turn;
  }

  return { settle, sendInTurn };
}
