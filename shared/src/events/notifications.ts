import { z } from 'zod';

/** Notifications of one user on `notifications-<userId>`, written by the notifications process manager and the user. */
export const NotificationTypeSchema = z.enum(['connection_request', 'connection_request_sent', 'connection_accepted', 'connection_rejected', 'follow', 'hackathon_approved', 'hackathon_rejected', 'hackathon_announcement', 'event_approved', 'event_rejected', 'event_place_offered', 'quiz_approved', 'quiz_rejected', 'quiz_regraded', 'listing_reminder']);
/** What a listing notification is about (its review): shown in the message and linked. */
export const NotificationSubjectSchema = z.object({
  kind: z.enum(['hackathon', 'event', 'quiz']),
  id: z.string(),
  title: z.string(),
  username: z.string(),
  reason: z.string().optional(),
  /** A new announcement of the hackathon: its title and type. */
  announcement: z.object({ id: z.string(), title: z.string(), type: z.string() }).optional(),
  /** An offered event place: until when it is held. */
  expiresAt: z.string().optional(),
  /** A quiz re-grade: the participant's marks before and after. */
  marks: z.object({ before: z.number(), after: z.number() }).optional(),
  /** A reminder: which one, and the moment it is about (the start, or the deadline). */
  reminder: z.object({ kind: z.enum(['reminder_starts_24h', 'reminder_starts_1h', 'reminder_submission', 'reminder_registration_closing']), at: z.string() }).optional(),
});
export type NotificationSubject = z.infer<typeof NotificationSubjectSchema>;
export const NotificationStatusSchema = z.enum(['pending', 'accepted', 'rejected']);

export const NotificationEventSchemas = {
  NotificationCreated: z.object({
    notificationId: z.string(),
    userId: z.string(),
    type: NotificationTypeSchema,
    status: NotificationStatusSchema.nullable(),
    isOutgoing: z.boolean(),
    fromUserId: z.string(),
    subject: NotificationSubjectSchema.optional(),
    at: z.string(),
  }),
  NotificationStatusChanged: z.object({ notificationId: z.string(), status: NotificationStatusSchema, at: z.string() }),
  NotificationRead: z.object({ notificationId: z.string(), at: z.string() }),
  NotificationDeleted: z.object({ notificationId: z.string(), at: z.string() }),
  AllNotificationsRead: z.object({ at: z.string() }),
} as const;

export const notificationsStream = (userId: string) => `notifications-${userId}`;
