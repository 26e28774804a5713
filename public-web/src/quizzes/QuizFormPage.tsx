import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Quiz } from '@circuit/shared/api/quizzes';
import { QUIZ_CATEGORIES, QUIZ_CURRENCIES, QuizFormSchema, quizRuleIssues, quizRuleViolations, type QuizForm } from '@circuit/shared/validation/quizzes';
import { api, isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { RequireAuth } from '../auth/RequireAuth';
import { RichSection } from '../hackathon-form/BasicSections';
import { Choice, FormSection, Input, num } from '../hackathon-form/fields';
import { isoOf, localInput } from '../hackathon-form/formState';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PageSpinner } from '../ui/Spinner';
import { focusFirstInvalid, issuesResolver } from '../ui/forms';
import { useSectionForm } from '../ui/useSectionForm';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { QuestionsEditor } from './QuestionsEditor';
import { quizKeys, useQuiz } from './quizzesApi';

const MAX_IMAGE = 5 * 1024 * 1024;
const same = (values: readonly string[]) => values.map((v) => [v, v] as const);
const quizRules = issuesResolver<QuizForm>(quizRuleIssues);
/** Form problems share one toast, so a submit replaces the last one's rather than piling up. */
const FORM_TOAST = { id: 'quiz-form' };

/** The form as edited: dates as datetime-local values until sent. */
function fromQuiz(q: Quiz): QuizForm {
  return QuizFormSchema.parse({
    ...q,
    dates: Object.fromEntries(Object.entries(q.dates).map(([k, v]) => [k, localInput(v)])),
  });
}
const toRequest = (f: QuizForm): QuizForm => ({ ...f, dates: Object.fromEntries(Object.entries(f.dates).map(([k, v]) => [k, isoOf(v)])) as QuizForm['dates'] });

function QuizFormScreen({ existing }: { existing?: Quiz }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { form, set: change, error: fieldError, formRef, getValues, handleSubmit, formState } = useSectionForm<QuizForm>(existing ? fromQuiz(existing) : QuizFormSchema.parse({}), quizRules);
  const busy = formState.isSubmitting;
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof QuizForm>(key: K, value: QuizForm[K]) => change((f) => ({ ...f, [key]: value }));
  const date = (key: keyof QuizForm['dates']) => (v: string) => set('dates', { ...getValues('dates'), [key]: v });
  useDocumentTitle(existing ? 'Edit Quiz' : 'Create Quiz');

  function pickImage(file: File | undefined) {
    if (!file) return setImage(null);
    if (!file.type.startsWith('image/')) return notify.error('Please select a valid image file');
    if (file.size > MAX_IMAGE) return notify.error('Image size should be less than 5MB');
    setImage(file);
  }

  async function save(form: QuizForm) {
    setError(null);
    try {
      let id = existing?.id;
      const body = toRequest(form);
      if (existing) {
        const { title: _t, category: _c, pricing, ...rest } = body;
        // Pricing goes only when a paid amount is raised (spec 3 section 2).
        const raised = pricing.type === 'paid' && pricing.amount > (existing.pricing.type === 'paid' ? existing.pricing.amount : 0);
        await api.put(`/api/quizzes/${existing.id}`, raised ? { ...rest, pricing } : rest);
      } else {
        id = (await api.post<{ _id: string }>('/api/quizzes', body)).data!._id;
      }
      if (image && id) {
        try {
          await api.upload(`/api/quizzes/${id}/upload-image`, 'image', image);
        } catch {
          notify.error(existing ? 'Quiz updated, but image upload failed' : 'Quiz created, but image upload failed');
        }
      }
      await client.invalidateQueries({ queryKey: quizKeys.all });
      await client.invalidateQueries({ queryKey: ['listings'] });
      notify.success(existing ? 'Quiz updated successfully' : 'Quiz created successfully!');
      navigate(existing ? `/quiz/${id}` : '/dashboard');
    } catch (err) {
      const message = messageOf(err, existing ? 'Failed to update quiz' : 'Failed to create quiz');
      setError(message);
      notify.error(message, FORM_TOAST);
    }
  }

  const submit = handleSubmit(save, () => {
    // One toast with the first broken rule, as the server would answer; every field carries its own.
    notify.error(quizRuleViolations(getValues())[0] ?? 'Failed to save quiz', FORM_TOAST);
    focusFirstInvalid(formRef.current);
  });

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6" noValidate>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{existing ? 'Edit Quiz' : 'Create Quiz'}</h1>
      <FormSection title="Basic Information">
        <Input label="Title" required wide value={form.title} maxLength={200} error={fieldError('title')} disabled={Boolean(existing)} hint={existing ? 'The title cannot be changed.' : undefined} onChange={(v) => set('title', v)} />
        {existing ? <Input label="Category" value={form.category} disabled hint="The category cannot be changed." onChange={() => undefined} /> : <Choice label="Category" value={form.category} options={same(QUIZ_CATEGORIES)} onChange={(v) => set('category', v as QuizForm['category'])} />}
        <Input label="Time limit (minutes)" type="number" min={1} max={180} value={form.timeLimit} onChange={(v) => set('timeLimit', num(v))} />
        <Input label="Passing score (%)" type="number" min={0} max={100} value={form.passingScore} onChange={(v) => set('passingScore', num(v))} />
        <Input label="Max participants" type="number" min={1} max={10000} value={form.maxParticipants} onChange={(v) => set('maxParticipants', num(v))} />
      </FormSection>
      <FormSection title="Quiz Image" hint="Uploaded once the quiz is saved. An image, under 5MB.">
        <div className="sm:col-span-2">
          <input type="file" accept="image/*" aria-label="Quiz image" onChange={(e) => pickImage(e.target.files?.[0])} className="text-sm" />
          {(image || form.image) && <p className="mt-2 text-sm text-slate-600">{image ? image.name : 'Current image kept unless you choose another.'}</p>}
        </div>
      </FormSection>
      <FormSection title="Important Dates" hint="Registration is open between its two dates; the quiz can be taken between its start and end.">
        <Input label="Registration start" type="datetime-local" value={form.dates.registrationStartDate} onChange={date('registrationStartDate')} />
        <Input label="Registration end" type="datetime-local" value={form.dates.registrationEndDate} onChange={date('registrationEndDate')} />
        <Input label="Start date" type="datetime-local" value={form.dates.startDate} onChange={date('startDate')} />
        <Input label="End date" type="datetime-local" value={form.dates.endDate} onChange={date('endDate')} />
      </FormSection>
      <FormSection title="Pricing">
        <Choice label="Pricing" value={form.pricing.type} options={[['free', 'Free'], ['paid', 'Paid']]} onChange={(v) => set('pricing', { ...form.pricing, type: v as 'free' | 'paid' })} />
        {form.pricing.type === 'paid' && (
          <>
            <Input label="Amount" type="number" min={0} step={0.01} value={form.pricing.amount} onChange={(v) => set('pricing', { ...form.pricing, amount: num(v) })} />
            <Choice label="Currency" value={form.pricing.currency} options={same(QUIZ_CURRENCIES)} onChange={(v) => set('pricing', { ...form.pricing, currency: v as QuizForm['pricing']['currency'] })} />
          </>
        )}
      </FormSection>
      <RichSection title="Description" label="Description" required error={fieldError('description')} html={form.description} placeholder="What is this quiz about?" onChange={(h) => set('description', h)} />
      <RichSection title="Instructions" label="Instructions" html={form.instructions} placeholder="Rules participants should know" onChange={(h) => set('instructions', h)} />
      <RichSection title="Eligibility" label="Eligibility criteria" html={form.eligibilityCriteria} placeholder="Who can take part" onChange={(h) => set('eligibilityCriteria', h)} />
      <QuestionsEditor questions={form.questions} onChange={(q) => set('questions', q)} error={fieldError} />
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end gap-3">
        <Button variant="ghost" onClick={() => navigate(existing ? `/quiz/${existing.id}` : '/dashboard')} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : existing ? 'Update Quiz' : 'Create Quiz'}
        </Button>
      </div>
    </form>
  );
}

/** /create-quiz */
export function CreateQuizPage() {
  return (
    <RequireAuth>
      <QuizFormScreen />
    </RequireAuth>
  );
}

function EditQuiz() {
  const { id = '' } = useParams();
  const quiz = useQuiz(id);
  const navigate = useNavigate();
  const { user } = useAuth();
  const allowed = quiz.data?.canManage;
  useEffect(() => {
    if (quiz.isError) {
      notify.error(isApiError(quiz.error) && quiz.error.status !== 404 ? messageOf(quiz.error, 'Failed to load quiz') : 'Quiz not found');
      navigate('/quizzes');
    } else if (quiz.data && !allowed) {
      notify.error('You are not authorized to edit this quiz');
      navigate('/quizzes');
    }
  }, [quiz.isError, quiz.error, quiz.data, allowed, navigate]);
  if (!quiz.data || !allowed || !user) return <PageSpinner />;
  return <QuizFormScreen existing={quiz.data} />;
}

/** /quiz/{id}/edit: the organiser or an admin. */
export function EditQuizPage() {
  return (
    <RequireAuth>
      <EditQuiz />
    </RequireAuth>
  );
}
