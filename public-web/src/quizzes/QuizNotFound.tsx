import { QuizMessages } from '@circuit/shared/validation/quizzes';
import { isApiError } from '../auth/apiClient';
import { ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';

/** A 404, or a 403 for a quiz not public yet: to this visitor the quiz does not exist, and trying again changes nothing. */
export const isQuizMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 403);

/** 'Quiz not found' with the way back to the list (spec 3: "Not-found page with a Back to Quizzes button"). */
export function QuizNotFound() {
  return (
    <StateScreen title={QuizMessages.notFound} actions={<ButtonLink to="/quizzes">Back to Quizzes</ButtonLink>}>
      This quiz does not exist or is not public.
    </StateScreen>
  );
}
