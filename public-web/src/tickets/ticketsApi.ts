import { useQuery } from '@tanstack/react-query';
import { MyTicketsSchema, type TicketView } from '@circuit/shared/api/check-in';
import { api } from '../auth/apiClient';
import { formatDateTime, formatTime } from '../hackathons/labels';

export const ticketKeys = { mine: ['tickets', 'mine'] as const };

/** The signed-in user's tickets (GET /api/tickets), soonest first as the server sends them. */
export function useMyTickets(enabled = true) {
  return useQuery({
    queryKey: ticketKeys.mine,
    enabled,
    queryFn: async ({ signal }) => MyTicketsSchema.parse((await api.get<unknown>('/api/tickets', signal)).data).tickets,
  });
}

export const ticketPath = (ticketId: string) => `/tickets/${encodeURIComponent(ticketId)}`;

/** 'Sat, 12 Dec 2026, 6:00 pm IST – 9:00 pm IST', in the viewer's zone. */
export function whenOf(t: Pick<TicketView, 'startsAt' | 'endsAt'>): string {
  const starts = formatDateTime(t.startsAt);
  if (!t.endsAt) return starts;
  const sameDay = new Date(t.startsAt).toDateString() === new Date(t.endsAt).toDateString();
  return `${starts} – ${sameDay ? formatTime(t.endsAt) : formatDateTime(t.endsAt)}`;
}

export const KIND_LABELS: Record<TicketView['kind'], string> = { event: 'Event', hackathon: 'Hackathon', quiz: 'Quiz' };
