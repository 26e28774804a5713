import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quiz, QuizCard, QuizLeaderboard, QuizParticipants, QuizRegistrationStatus } from '@circuit/shared/api/quizzes';
import type { PaymentOrder } from '@circuit/shared/api/payments';
import { QUIZ_LIMITS } from '@circuit/shared/quizzes/limits';
import type { RegisterQuizBody } from '@circuit/shared/validation/quizzes';
import { api, newRequestId } from '../auth/apiClient';

/** Query keys by prefix: invalidating ['quizzes'] refreshes every quiz view. */
export const quizKeys = {
  all: ['quizzes'] as const,
  list: (filters: QuizFilters) => ['quizzes', 'list', filters] as const,
  featured: () => ['quizzes', 'featured'] as const,
  detail: (id: string) => ['quizzes', 'detail', id] as const,
  registration: (id: string) => ['quizzes', 'registration', id] as const,
  leaderboard: (id: string) => ['quizzes', 'leaderboard', id] as const,
  participants: (id: string) => ['quizzes', 'participants', id] as const,
  saved: () => ['quizzes', 'saved'] as const,
};

export interface QuizFilters {
  search: string;
  category: string;
  showExpired: boolean;
  page: number;
}

export interface QuizPage {
  data: QuizCard[];
  pagination: { page: number; totalPages: number; total: number; limit: number };
}

export function useQuizList(filters: QuizFilters) {
  return useQuery({
    queryKey: quizKeys.list(filters),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<QuizPage> => {
      const params = new URLSearchParams({ page: String(filters.page), limit: String(QUIZ_LIMITS.pageSize) });
      if (filters.search.trim()) params.set('search', filters.search.trim());
      if (filters.category) params.set('category', filters.category);
      if (filters.showExpired) params.set('showExpired', 'true');
      const res = (await api.get<QuizCard[]>(`/api/quizzes?${params}`, signal)) as unknown as QuizPage;
      return { data: res.data ?? [], pagination: res.pagination ?? { page: 1, totalPages: 1, total: 0, limit: QUIZ_LIMITS.pageSize } };
    },
  });
}

export function useFeaturedQuizzes() {
  return useQuery({ queryKey: quizKeys.featured(), queryFn: async ({ signal }) => (await api.get<QuizCard[]>(`/api/quizzes/featured?limit=${QUIZ_LIMITS.featured}`, signal)).data ?? [] });
}

export function useQuiz(id: string) {
  return useQuery({ queryKey: quizKeys.detail(id), queryFn: async ({ signal }) => (await api.get<Quiz>(`/api/quizzes/${id}`, signal)).data!, retry: false });
}

export function useQuizRegistration(id: string, enabled: boolean) {
  return useQuery({
    queryKey: quizKeys.registration(id),
    enabled,
    queryFn: async ({ signal }) => (await api.get<QuizRegistrationStatus>(`/api/quizzes/${id}/registration-status`, signal)).data!,
  });
}

export function useLeaderboard(id: string) {
  return useQuery({ queryKey: quizKeys.leaderboard(id), queryFn: async ({ signal }) => (await api.get<QuizLeaderboard>(`/api/quizzes/${id}/leaderboard`, signal)).data!, retry: false });
}

export function useQuizParticipants(id: string) {
  return useQuery({ queryKey: quizKeys.participants(id), queryFn: async ({ signal }) => (await api.get<QuizParticipants>(`/api/quizzes/${id}/participants`, signal)).data!, retry: false });
}

export function useRegisterQuiz(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterQuizBody) => (await api.post<{ requiresPayment: boolean }>(`/api/quizzes/${id}/register`, body)).data!,
    onSettled: () => client.invalidateQueries({ queryKey: quizKeys.all }),
  });
}

export async function createPaymentOrder(id: string): Promise<PaymentOrder> {
  return (await api.post<PaymentOrder>(`/api/quizzes/${id}/create-payment-order`, {})).data!;
}

export async function verifyPayment(id: string, body: { orderId: string; paymentId: string; signature: string }) {
  return api.post(`/api/quizzes/${id}/verify-payment`, body);
}

/** Save or unsave; the caller applies it optimistically and reverts on failure. */
export function useSaveQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, saved }: { id: string; saved: boolean }) => {
      const key = newRequestId();
      if (saved) await api.post(`/api/users/save-quiz/${id}`, {}, key);
      else await api.delete(`/api/users/save-quiz/${id}`, key);
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: quizKeys.all }), client.invalidateQueries({ queryKey: ['listings'] })]),
  });
}

export function useDeleteQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.delete(`/api/quizzes/${id}`),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: quizKeys.all }), client.invalidateQueries({ queryKey: ['listings'] })]),
  });
}
