import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { SocialEventSchemas } from '@circuit/shared/events/social';
import { ReportReviewEventSchemas } from '@circuit/shared/events/report-review';
import type { Projection } from '../../runner/projection';

/** Every 'Report user' with what staff did about it: the console's reports queue. */
export const reportQueueProjection: Projection = {
  name: 'admin-reports',
  tables: ['admin_report_queue'],
  eventTypes: ['UserReported', 'ReportResolved', 'ReportDismissed'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    for (const event of events) {
      if (event.type === 'UserReported') {
        const d = SocialEventSchemas.UserReported.parse(event.data);
        await trx('admin_report_queue')
          .insert({ id: d.reportId, reporter_id: d.from, target_id: d.to, reason: d.reason, status: 'open', created_at: d.at })
          .onConflict('id')
          .ignore();
      } else if (event.type === 'ReportResolved' || event.type === 'ReportDismissed') {
        const d = ReportReviewEventSchemas.ReportResolved.parse(event.data);
        await trx('admin_report_queue')
          .where({ id: d.reportId })
          .update({ status: event.type === 'ReportResolved' ? 'resolved' : 'dismissed', note: d.note, handled_by: d.byUserId, handled_at: d.at });
      }
    }
  },
};
