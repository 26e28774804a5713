import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Quiz } from '@circuit/shared/api/quizzes';
import { api, messageOf } from '../auth/apiClient';
import { Button } from '../ui/Button';
import { inputClasses } from '../ui/TextField';
import { notify } from '../ui/toast';
import { quizKeys } from './quizzesApi';

/**
 * The organiser's re-grade (on the leaderboard): correct an answer key or change the marking.
 * The server rescores everyone from their stored answers and keeps the ranking it replaces.
 */
export function RegradePanel({ quiz }: { quiz: Quiz }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(() => quiz.questions.map((q) => q.correctAnswer));
  const [correct, setCorrect] = useState(quiz.marking.correct);
  const [incorrect, setIncorrect] = useState(quiz.marking.incorrect);
  const [busy, setBusy] = useState(false);

  const answerKey = key.map((correctAnswer, questionIndex) => ({ questionIndex, correctAnswer })).filter((a) => a.correctAnswer !== quiz.questions[a.questionIndex]?.correctAnswer);
  const marking = correct !== quiz.marking.correct || incorrect !== quiz.marking.incorrect ? { correct, incorrect } : undefined;
  // The server refuses a re-grade that changes nothing: the button waits for a change instead.
  const changed = answerKey.length > 0 || marking !== undefined;

  async function regrade() {
    setBusy(true);
    try {
      await api.post(`/api/quizzes/${quiz.id}/regrade`, { answerKey, ...(marking ? { marking } : {}) });
      notify.success('Quiz re-graded: everyone was rescored from their answers');
      setOpen(false);
      await client.invalidateQueries({ queryKey: quizKeys.all });
    } catch (error) {
      notify.error(messageOf(error, 'Failed to re-grade quiz'));
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Re-grade
      </Button>
    );
  }
  return (
    <section aria-labelledby="regrade-title" className="space-y-4 rounded-2xl border border-amber-200 bg-amber-50/40 p-5">
      <div>
        <h2 id="regrade-title" className="text-lg font-semibold text-slate-900">
          Re-grade
        </h2>
        <p className="text-sm text-slate-600">Correct an answer or change the marking. Everyone is rescored from the answers they gave; the current ranking stays readable and those whose marks change are notified.</p>
      </div>
      <ol className="space-y-2">
        {quiz.questions.map((q, i) => (
          <li key={i} className="grid gap-1 sm:grid-cols-2 sm:items-center">
            <span className="text-sm text-slate-800">
              {i + 1}. {q.question}
            </span>
            <select aria-label={`Correct answer of question ${i + 1}`} className={inputClasses(false)} value={key[i]} onChange={(e) => setKey(key.map((k, j) => (j === i ? Number(e.target.value) : k)))}>
              {q.options.map((o, j) => (
                <option key={j} value={j}>
                  {o}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-4">
        <label className="text-sm font-medium text-slate-700">
          Marks for correct
          <input type="number" min={0} max={100} className={`mt-1 w-28 ${inputClasses(false)}`} value={correct} onChange={(e) => setCorrect(Number(e.target.value))} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Marks for incorrect
          <input type="number" min={-100} max={0} className={`mt-1 w-28 ${inputClasses(false)}`} value={incorrect} onChange={(e) => setIncorrect(Number(e.target.value))} />
        </label>
      </div>
      {!changed && <p id="regrade-hint" className="text-sm text-slate-600">Change an answer or the marking to re-grade.</p>}
      <div className="flex gap-2">
        <Button onClick={() => void regrade()} disabled={busy || !changed} aria-describedby={changed ? undefined : 'regrade-hint'}>
          {busy ? 'Re-grading...' : 'Re-grade everyone'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
