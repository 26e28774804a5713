import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { QuizCard } from '@circuit/shared/api/quizzes';
import { api, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { notify } from '../ui/toast';
import { quizKeys, useSaveQuiz } from './quizzesApi';

/**
 * Save toggles for quiz cards and the detail page: applied at once to the saved list, put back if
 * the server refuses; signed-out users are asked to log in ('Please log in to save quizzes').
 */
export function useQuizSaves() {
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const save = useSaveQuiz();
  const saved = useQuery({
    queryKey: quizKeys.saved(),
    enabled: Boolean(user),
    queryFn: async ({ signal }) => (await api.get<QuizCard[]>('/api/users/saved-quizzes', signal)).data ?? [],
  });
  const ids = new Set((saved.data ?? []).map((q) => q.id));

  async function toggle(quiz: QuizCard) {
    if (!user) {
      notify.error('Please log in to save quizzes');
      navigate('/login');
      return;
    }
    const next = !ids.has(quiz.id);
    const previous = client.getQueryData<QuizCard[]>(quizKeys.saved());
    client.setQueryData<QuizCard[]>(quizKeys.saved(), (list = []) => (next ? [quiz, ...list] : list.filter((q) => q.id !== quiz.id)));
    try {
      await save.mutateAsync({ id: quiz.id, saved: next });
      notify.success(next ? 'Saved quiz!' : 'Removed from saved quizzes');
      void refreshUser().catch(() => undefined);
    } catch (error) {
      client.setQueryData(quizKeys.saved(), previous);
      notify.error(messageOf(error, 'Failed to update quiz save status'));
    }
  }
  return { isSaved: (id: string) => ids.has(id), toggle };
}
