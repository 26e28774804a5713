import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarSync, Copy, RefreshCw } from 'lucide-react';
import type { CalendarFeed } from '@circuit/shared/api/events';
import { api, messageOf, newRequestId } from '../auth/apiClient';
import { Button } from '../ui/Button';
import { notify } from '../ui/toast';

/** The personal calendar feed: a secret URL Google or Apple Calendar subscribes to, replaced on demand. */
export function CalendarFeedCard() {
  const client = useQueryClient();
  const feed = useQuery({ queryKey: ['events', 'calendar-feed'], queryFn: async ({ signal }) => (await api.get<CalendarFeed>('/api/users/calendar-feed', signal)).data!.url });
  const issue = useMutation({
    mutationFn: () => api.post<CalendarFeed>('/api/users/calendar-feed', {}, newRequestId()),
    onSuccess: (res) => {
      client.setQueryData(['events', 'calendar-feed'], res.data?.url ?? null);
      notify.success(res.message ?? 'Your calendar link is ready.');
    },
    onError: (e) => notify.error(messageOf(e, 'Failed to create the calendar link')),
  });
  const url = feed.data;
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url).then(() => notify.success('Link copied to clipboard!'), () => window.prompt('Copy this link', url));
  };
  return (
    <section aria-labelledby="calendar-feed-title" className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <CalendarSync className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
          <div>
            <h2 id="calendar-feed-title" className="font-semibold text-slate-900">
              Calendar feed
            </h2>
            <p className="text-sm text-slate-600">Subscribe in Google Calendar or Apple Calendar to see every event and hackathon you registered for. Keep the link private.</p>
            {url && <p className="mt-2 break-all rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700">{url}</p>}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          {url && (
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              <Copy className="size-4" aria-hidden="true" /> Copy
            </Button>
          )}
          <Button size="sm" variant={url ? 'ghost' : 'primary'} onClick={() => issue.mutate()} disabled={issue.isPending || feed.isPending}>
            <RefreshCw className="size-4" aria-hidden="true" /> {url ? 'New link' : 'Get link'}
          </Button>
        </div>
      </div>
    </section>
  );
}
