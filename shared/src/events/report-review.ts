import { z } from 'zod';

/** Staff close a report (`report-<id>`, the stream 'Report user' opened) with a note, naming who did it. */
const closed = { reportId: z.string(), byUserId: z.string(), note: z.string(), at: z.string() };

export const ReportReviewEventSchemas = {
  ReportResolved: z.object(closed),
  ReportDismissed: z.object(closed),
};
