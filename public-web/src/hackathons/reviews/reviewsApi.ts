import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewPage, ReviewWritten } from '@circuit/shared/api/hackathon-reviews';
import { HACKATHON_BOARD_LIMITS } from '@circuit/shared/hackathons/options';
import type { ReviewBody } from '@circuit/shared/validation/hackathon-reviews';
import { api, newRequestId } from '../../auth/apiClient';

/** Keys by prefix: a write refreshes the reviews and the listing's totals (['hackathons']). */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (hackathonId: string, signedIn: boolean) => ['reviews', hackathonId, signedIn] as const,
};

/** Reviews 10 a page (spec 2 section 9), more on demand. */
export function useReviewPages(hackathonId: string, signedIn: boolean) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(hackathonId, signedIn),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (await api.get<ReviewPage>(`/api/hackathons/${hackathonId}/reviews?page=${pageParam}&limit=${HACKATHON_BOARD_LIMITS.reviewsPage}`, signal)).data!,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
  });
}

type Write = { kind: 'submit' | 'edit'; body: ReviewBody } | { kind: 'delete' };

export function useWriteReview(hackathonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (write: Write) => {
      const url = `/api/hackathons/${hackathonId}/reviews`;
      const key = newRequestId();
      if (write.kind === 'submit') return api.post<ReviewWritten>(url, write.body, key);
      if (write.kind === 'edit') return api.put<ReviewWritten>(url, write.body, key);
      return api.delete<ReviewWritten>(url, key);
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: reviewKeys.all }), client.invalidateQueries({ queryKey: ['hackathons'] })]),
  });
}
