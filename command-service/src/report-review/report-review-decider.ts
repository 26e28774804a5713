import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { conflict, notFound } from '@circuit/shared/commands/domain-errors';

/** Closing a report (resolve or dismiss) once, with a note, on the report's own stream. */
export type ReportReviewEvent = DomainEvent<'UserReported' | 'ReportResolved' | 'ReportDismissed'>;
export interface ReportReviewState {
  exists: boolean;
  status: 'open' | 'resolved' | 'dismissed';
}
export type ReportReviewCommand = { type: 'Resolve' | 'Dismiss'; reportId: string; byUserId: string; note: string; now: Date };

export const reportReviewDecider: Decider<ReportReviewState, ReportReviewCommand, ReportReviewEvent> = {
  initialState: () => ({ exists: false, status: 'open' }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserReported':
        return { exists: true, status: 'open' };
      case 'ReportResolved':
        return { ...state, status: 'resolved' };
      case 'ReportDismissed':
        return { ...state, status: 'dismissed' };
    }
  },
  decide(command, state) {
    if (!state.exists) throw notFound('Report not found');
    if (state.status !== 'open') throw conflict(`This report was already ${state.status}`);
    const data = { reportId: command.reportId, byUserId: command.byUserId, note: command.note, at: command.now.toISOString() };
    return [command.type === 'Resolve' ? { type: 'ReportResolved', data } : { type: 'ReportDismissed', data }];
  },
};
