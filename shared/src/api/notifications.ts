import { z } from 'zod';
import { NotificationStatusSchema, NotificationTypeSchema } from '../events/notifications';
import { Timestamp } from './users';

export type NotificationType = z.infer<typeof NotificationTypeSchema>;
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

export const NotificationSchema = z
  .strictObject({
    _id: z.string(),
    type: NotificationTypeSchema,
    status: NotificationStatusSchema.nullable(),
    isOutgoing: z.boolean(),
    read: z.boolean(),
    createdAt: Timestamp,
    message: z.string(),
    link: z.string().optional().meta({ description: 'Where the notification leads (a listing’s page), when it is about one' }),
    from: z
      .strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string(), profilePicture: z.string().nullable() })
      .meta({ description: 'The other user: who acted, or for connection_request_sent the one the request went to' }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const MarkAllReadAnswerSchema = z.strictObject({ updated: z.number().int() }).meta({ id: 'MarkAllReadAnswer' });
