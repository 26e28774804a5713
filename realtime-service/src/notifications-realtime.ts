import type { Server } from 'socket.io';
import { z } from 'zod';
import type { Bus } from '@circuit/shared/ports/bus';
import { emitTraced } from './traced-emit';

const NotificationTopic = z.object({ userId: z.string(), notification: z.unknown() });

/** Live notifications: each one the command side publishes goes to its user's sockets on this instance as `new_notification`. */
export function notificationsSubscription(io: Server, bus: Bus) {
  return bus.subscribe('notifications', (payload) => {
    const n = NotificationTopic.safeParse(payload);
    if (n.success) emitTraced('new_notification', n.data.userId, () => io.local.to(n.data.userId).emit('new_notification', n.data.notification));
  });
}
