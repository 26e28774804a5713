import { z } from 'zod';

/** Notifications of one user on `notifications-<userId>`, written by the notifications process manager and the user. */
export const NotificationTypeSchema = z.enum(['connection_request', 'connection_request_sent', 'connection_accepted', 'connection_rejected', 'follow']);
export const NotificationStatusSchema = z.enum(['pending', 'accepted', 'rejected']);

export const NotificationEventSchemas = {
  NotificationCreated: z.object({
    notificationId: z.string(),
    userId: z.string(),
    type: NotificationTypeSchema,
    status: NotificationStatusSchema.nullable(),
    isOutgoing: z.boolean(),
    fromUserId: z.string(),
    at: z.string(),
  }),
  NotificationStatusChanged: z.object({ notificationId: z.string(), status: NotificationStatusSchema, at: z.string() }),
  NotificationRead: z.object({ notificationId: z.string(), at: z.string() }),
  NotificationDeleted: z.object({ notificationId: z.string(), at: z.string() }),
  AllNotificationsRead: z.object({ at: z.string() }),
} as const;

export const notificationsStream = (userId: string) => `notifications-${userId}`;
