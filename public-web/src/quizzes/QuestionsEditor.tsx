import { ChevronDown, ChevronUp, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { QUIZ_LIMITS, newQuestion, removeOption, type QuizQuestion } from '@circuit/shared/validation/quizzes';
import { Button } from '../ui/Button';
import { describedBy, FieldNotes } from '../hackathon-form/fields';
import { inputClasses } from '../ui/TextField';

/** The Questions section: add, collapse and remove questions; 2 to 6 options; the correct one marked; points 1 to 10. */
export function QuestionsEditor({ questions, onChange, error = () => undefined }: { questions: QuizQuestion[]; onChange(questions: QuizQuestion[]): void; error?(path: string): string | undefined }) {
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const update = (i: number, q: QuizQuestion) => onChange(questions.map((x, j) => (j === i ? q : x)));
  const remove = (i: number) => {
    onChange(questions.filter((_, j) => j !== i));
    setCollapsed(new Set([...collapsed].filter((c) => c !== i).map((c) => (c > i ? c - 1 : c))));
  };
  const toggle = (i: number) => {
    const next = new Set(collapsed);
    if (next.has(i)) next.delete(i);
    else next.add(i);
    setCollapsed(next);
  };

  return (
    <section aria-labelledby="section-questions" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="section-questions" className="text-lg font-semibold text-slate-900">
          Questions <span className="text-sm font-normal text-slate-500">({questions.length})</span>
        </h2>
        <Button size="sm" onClick={() => onChange([...questions, newQuestion()])} disabled={questions.length >= QUIZ_LIMITS.questionsMax}>
          <Plus className="size-4" aria-hidden="true" /> Add Question
        </Button>
      </div>
      {questions.length === 0 && <p className="mt-4 text-sm text-slate-600">No questions yet. Add at least one.</p>}
      <FieldNotes id="questions" error={error('questions')} />
      <ol className="mt-4 space-y-4">
        {questions.map((q, i) => (
          <li key={i} className="rounded-xl border border-slate-200">
            <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
              <button type="button" className="flex min-w-0 items-center gap-2 text-left font-medium text-slate-900" aria-expanded={!collapsed.has(i)} onClick={() => toggle(i)}>
                {collapsed.has(i) ? <ChevronDown className="size-4 shrink-0" aria-hidden="true" /> : <ChevronUp className="size-4 shrink-0" aria-hidden="true" />}
                <span className="truncate">
                  Question {i + 1}
                  {collapsed.has(i) && q.question ? `: ${q.question}` : ''}
                </span>
              </button>
              <button type="button" onClick={() => remove(i)} aria-label={`Remove question ${i + 1}`} className="rounded p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600">
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </div>
            {!collapsed.has(i) && (
              <div className="space-y-3 p-4">
                <div>
                  <label className="block text-sm font-medium text-slate-700">
                    Question text
                    <input
                      id={`q-${i}-text`}
                      className={`mt-1.5 ${inputClasses(Boolean(error(`questions.${i}.question`)))}`}
                      value={q.question}
                      aria-invalid={error(`questions.${i}.question`) ? true : undefined}
                      aria-describedby={describedBy(`q-${i}-text`, { error: error(`questions.${i}.question`) })}
                      onChange={(e) => update(i, { ...q, question: e.target.value })}
                    />
                  </label>
                  <FieldNotes id={`q-${i}-text`} error={error(`questions.${i}.question`)} />
                </div>
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium text-slate-700">Options (select the correct one)</legend>
                  {q.options.map((o, j) => (
                    <div key={j}>
                      <div className="flex items-center gap-2">
                        <input type="radio" name={`correct-${i}`} checked={q.correctAnswer === j} onChange={() => update(i, { ...q, correctAnswer: j })} aria-label={`Option ${j + 1} is correct`} className="size-4 accent-emerald-600" />
                        <input className={inputClasses(Boolean(error(`questions.${i}.options.${j}`)))} value={o} placeholder={`Option ${j + 1}`} aria-label={`Question ${i + 1} option ${j + 1}`} aria-invalid={error(`questions.${i}.options.${j}`) ? true : undefined} aria-describedby={describedBy(`q-${i}-opt-${j}`, { error: error(`questions.${i}.options.${j}`) })} onChange={(e) => update(i, { ...q, options: q.options.map((x, k) => (k === j ? e.target.value : x)) })} />
                        <button type="button" disabled={q.options.length <= QUIZ_LIMITS.optionsMin} onClick={() => update(i, removeOption(q, j))} aria-label={`Remove option ${j + 1}`} className="rounded p-1.5 text-slate-500 hover:text-red-600 disabled:opacity-30">
                          <X className="size-4" aria-hidden="true" />
                        </button>
                      </div>
                      <FieldNotes id={`q-${i}-opt-${j}`} error={error(`questions.${i}.options.${j}`)} />
                    </div>
                  ))}
                  <FieldNotes id={`q-${i}-correct`} error={error(`questions.${i}.correctAnswer`)} />
                  {q.options.length < QUIZ_LIMITS.optionsMax && (
                    <Button size="sm" variant="ghost" onClick={() => update(i, { ...q, options: [...q.options, ''] })}>
                      <Plus className="size-4" aria-hidden="true" /> Add option
                    </Button>
                  )}
                </fieldset>
                <label className="block w-32 text-sm font-medium text-slate-700">
                  Points
                  <input type="number" min={1} max={10} className={`mt-1.5 ${inputClasses(false)}`} value={q.points} onChange={(e) => update(i, { ...q, points: Math.min(10, Math.max(1, Number(e.target.value) || 1)) })} />
                </label>
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
