import { z } from 'zod';
import { Timestamp } from './users';

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);

/** A record of the admin console's `reports` resource: one 'Report user' and what staff did about it. */
export const AdminReportSchema = z
  .strictObject({
    id: z.string(),
    reason: z.string(),
    status: ReportStatusSchema,
    createdAt: Timestamp,
    reporterId: z.string(),
    reporterUsername: z.string().nullable(),
    targetId: z.string(),
    targetUsername: z.string().nullable(),
    note: z.string().nullable(),
    handledBy: z.string().nullable(),
    handledAt: Timestamp.nullable(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof AdminReportSchema>;
