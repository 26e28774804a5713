import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Event, EventCard, EventParticipants, EventRegistrationStatus } from '@circuit/shared/api/events';
import type { EventFormInput, EventRegistrationProfile } from '@circuit/shared/validation/events';
import { EVENT_LIMITS } from '@circuit/shared/event-listings/options';
import { api, newRequestId } from '../auth/apiClient';

/** Query keys by prefix: invalidating ['events'] refreshes every event view. */
export const eventKeys = {
  all: ['events'] as const,
  list: (filters: EventFilters) => ['events', 'list', filters] as const,
  detail: (username: string) => ['events', 'detail', username] as const,
  registration: (id: string) => ['events', 'registration', id] as const,
  saved: () => ['events', 'saved'] as const,
  mine: () => ['events', 'mine'] as const,
  registered: () => ['events', 'registered'] as const,
  featured: () => ['events', 'featured'] as const,
  participants: (id: string) => ['events', 'participants', id] as const,
};

export const EVENT_FILTER_KEYS = ['search', 'category', 'eventType', 'status', 'location', 'organization', 'dateRange', 'state', 'country'] as const;
export type EventFilterKey = (typeof EVENT_FILTER_KEYS)[number];
export type EventFilters = Partial<Record<EventFilterKey, string>>;

export function eventApiQuery(filters: EventFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const key of EVENT_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (!value || (key === 'country' && value === 'any')) continue;
    params.set(key, value);
  }
  params.set('limit', String(EVENT_LIMITS.listPage));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

interface Page {
  data: EventCard[];
  nextCursor: string | null;
  total: number;
}

/** 12 a page, more on demand, paged by the server's cursor. */
export function useEventList(filters: EventFilters) {
  return useInfiniteQuery({
    queryKey: eventKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<Page> => {
      const page = (await api.get<EventCard[]>(`/api/events?${eventApiQuery(filters, pageParam)}`, signal)) as unknown as Partial<Page>;
      return { data: page.data ?? [], nextCursor: page.nextCursor ?? null, total: page.total ?? 0 };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useEvent(username: string) {
  return useQuery({
    queryKey: eventKeys.detail(username),
    queryFn: async ({ signal }) => (await api.get<Event>(`/api/events/username/${encodeURIComponent(username)}`, signal)).data!,
    retry: false,
  });
}

const cards = (path: string) => async ({ signal }: { signal: AbortSignal }) => (await api.get<EventCard[]>(path, signal)).data ?? [];
export const useSavedEvents = (enabled: boolean) => useQuery({ queryKey: eventKeys.saved(), enabled, queryFn: cards('/api/users/saved-events') });
export const useMyEvents = (enabled: boolean) => useQuery({ queryKey: eventKeys.mine(), enabled, queryFn: cards('/api/events/my-events') });
export const useRegisteredEvents = (enabled: boolean) => useQuery({ queryKey: eventKeys.registered(), enabled, queryFn: cards('/api/events/user/registered') });
export const useFeaturedEvents = () => useQuery({ queryKey: eventKeys.featured(), queryFn: cards('/api/events/featured?limit=8') });

export function useEventRegistrationStatus(eventId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.registration(eventId ?? ''),
    enabled: Boolean(eventId) && enabled,
    queryFn: async ({ signal }) => (await api.get<EventRegistrationStatus>(`/api/events/${eventId}/registration-status`, signal)).data!,
    // An offer or a place in line changes without the user doing anything: look again now and then.
    refetchInterval: 30_000,
  });
}

export function useParticipants(eventId: string) {
  return useQuery({
    queryKey: eventKeys.participants(eventId),
    queryFn: async ({ signal }) => (await api.get<EventParticipants>(`/api/events/${encodeURIComponent(eventId)}/participants`, signal)).data!,
    retry: false,
  });
}

/** Save or unsave, optimistically: the saved list changes at once and is put back if the server refuses. */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ event, saved }: { event: EventCard; saved: boolean }) => {
      const key = newRequestId();
      if (saved) await api.post(`/api/users/save-event/${event.id}`, {}, key);
      else await api.delete(`/api/users/save-event/${event.id}`, key);
    },
    onMutate: async ({ event, saved }) => {
      await client.cancelQueries({ queryKey: eventKeys.saved() });
      const previous = client.getQueryData<EventCard[]>(eventKeys.saved());
      client.setQueryData<EventCard[]>(eventKeys.saved(), (list = []) => (saved ? [event, ...list.filter((e) => e.id !== event.id)] : list.filter((e) => e.id !== event.id)));
      return { previous };
    },
    onError: (_error, _vars, context) => client.setQueryData(eventKeys.saved(), context?.previous),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: eventKeys.saved() }), client.invalidateQueries({ queryKey: ['listings', 'saved'] })]),
  });
}

const refresh = (client: QueryClient) => Promise.all([eventKeys.all, ['listings']].map((queryKey) => client.invalidateQueries({ queryKey })));

/** Every registration write answers the user's new status; the event's counts and lists refresh after. */
export function useRegistrationActions(eventId: string) {
  const client = useQueryClient();
  const write = (call: (key: string) => Promise<{ data?: EventRegistrationStatus | null; message?: string }>) => ({
    mutationFn: () => call(newRequestId()),
    onSettled: () => refresh(client),
  });
  return {
    register: useMutation({
      mutationFn: (body: EventRegistrationProfile & { agreeToTerms: boolean; joinWaitlist?: boolean }) => api.post<EventRegistrationStatus>(`/api/events/${eventId}/register`, body, newRequestId()),
      onSettled: () => refresh(client),
    }),
    unregister: useMutation(write((key) => api.delete<EventRegistrationStatus>(`/api/events/${eventId}/register`, key))),
    leaveWaitlist: useMutation(write((key) => api.delete<EventRegistrationStatus>(`/api/events/${eventId}/waitlist`, key))),
    accept: useMutation(write((key) => api.post<EventRegistrationStatus>(`/api/events/${eventId}/waitlist/accept`, {}, key))),
    decline: useMutation(write((key) => api.post<EventRegistrationStatus>(`/api/events/${eventId}/waitlist/decline`, {}, key))),
    order: useMutation({ mutationFn: () => api.post<import('@circuit/shared/api/payments').PaymentOrder>(`/api/events/${eventId}/create-payment-order`, {}, newRequestId()) }),
    verify: useMutation({
      mutationFn: (body: { orderId: string; paymentId: string; signature: string }) => api.post<EventRegistrationStatus>(`/api/events/${eventId}/verify-payment`, body, newRequestId()),
      onSettled: () => refresh(client),
    }),
  };
}

export function useSaveEventForm(eventId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: EventFormInput) =>
      eventId ? api.put<{ id: string; username: string }>(`/api/events/${eventId}`, form, newRequestId()) : api.post<{ id: string; username: string }>('/api/events', form, newRequestId()),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (eventId: string) => api.delete(`/api/events/${eventId}`, newRequestId()), onSettled: () => refresh(client) });
}
