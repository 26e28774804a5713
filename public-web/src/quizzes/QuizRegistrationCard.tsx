import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Quiz } from '@circuit/shared/api/quizzes';
import type { RegisterQuizBody } from '@circuit/shared/validation/quizzes';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { payWithCheckout, CheckoutError } from '../payments/checkout';
import { Button, ButtonLink } from '../ui/Button';
import { notify } from '../ui/toast';
import { QuizProfileDialog, missingQuizProfile } from './QuizProfileDialog';
import { QuizRegistrationModal } from './QuizRegistrationModal';
import { priceOf } from './QuizCard';
import { createPaymentOrder, quizKeys, useQuizRegistration, useRegisterQuiz, verifyPayment } from './quizzesApi';
import { RegistrationPanel } from '../registration/RegistrationPanel';

const PROFILE_RETRY_MS = 1000;
const PAYMENT_LABELS = { completed: 'Payment completed', pending: 'Payment pending', failed: 'Payment failed' } as const;

/** The Registration card of /quiz/{id} (spec 3 section 4): Register, Complete Payment, Start Quiz, by the server's answer. */
export function QuizRegistrationCard({ quiz }: { quiz: Quiz }) {
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const status = useQuizRegistration(quiz.id, Boolean(user) && quiz.status === 'accepted');
  const register = useRegisterQuiz(quiz.id);
  const [step, setStep] = useState<'idle' | 'profile' | 'form'>('idle');
  const [prefill, setPrefill] = useState<Record<string, string>>({});
  const [paying, setPaying] = useState(false);
  const paid = quiz.pricing.type === 'paid' && quiz.pricing.amount > 0;
  const s = status.data;

  function start() {
    if (!user) {
      notify.error('Please login to register for this quiz');
      navigate('/login', { state: { from: `/quiz/${quiz.id}` } });
      return;
    }
    setStep(missingQuizProfile(user) ? 'profile' : 'form');
  }

  async function pay() {
    setPaying(true);
    try {
      let order;
      try {
        order = await createPaymentOrder(quiz.id);
      } catch (error) {
        throw new Error(messageOf(error, 'Failed to create payment order'));
      }
      const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
      const result = await payWithCheckout({ order, prefill: { name, email: user?.email ?? '', contact: (user as unknown as { mobile?: string })?.mobile ?? '' }, description: quiz.title }).catch((error: unknown) => {
        throw new Error(error instanceof CheckoutError ? error.message : 'Failed to initiate payment');
      });
      try {
        await verifyPayment(quiz.id, { orderId: result.razorpay_order_id, paymentId: result.razorpay_payment_id, signature: result.razorpay_signature });
      } catch (error) {
        throw new Error(messageOf(error, 'Payment verification failed'));
      }
      notify.success('Payment successful! You can now take the quiz.');
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Failed to initiate payment');
    } finally {
      setPaying(false);
      await client.invalidateQueries({ queryKey: quizKeys.registration(quiz.id) });
    }
  }

  async function submit(body: RegisterQuizBody) {
    try {
      const answer = await register.mutateAsync(body);
      setStep('idle');
      notify.success('Successfully registered for quiz');
      void refreshUser().catch(() => undefined);
      if (answer.requiresPayment) await pay();
    } catch (error) {
      notify.error(messageOf(error, 'Failed to register'));
    }
  }

  const regOpen = Date.parse(quiz.dates.registrationStartDate) <= Date.now() && Date.now() <= Date.parse(quiz.dates.registrationEndDate);
  const full = quiz.totalParticipants >= quiz.maxParticipants;

  let action;
  if (quiz.status !== 'accepted') action = <p className="text-sm text-slate-600">Registration opens once the quiz is approved.</p>;
  else if (!s || !s.isRegistered) {
    action = regOpen && !full ? (
      <Button fullWidth onClick={start}>
        Register{paid ? ` (${priceOf(quiz)})` : ''}
      </Button>
    ) : (
      <p className="text-sm font-medium text-slate-700">{full ? 'This quiz is full' : 'Registration closed'}</p>
    );
  } else {
    const payment = s.participant?.paymentStatus ?? 'pending';
    action = (
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
          <CheckCircle2 className="size-4" aria-hidden="true" /> You are registered
        </p>
        {paid && <p className={`text-sm ${payment === 'completed' ? 'text-emerald-700' : 'text-amber-700'}`}>{PAYMENT_LABELS[payment]}</p>}
        {paid && payment !== 'completed' && (
          <Button fullWidth onClick={() => void pay()} disabled={paying}>
            {paying ? 'Processing...' : 'Complete Payment'}
          </Button>
        )}
        {s.attempt === 'submitted' ? (
          <ButtonLink to={`/quizzes/${quiz.id}/leaderboard`} variant="secondary" fullWidth>
            You have completed this quiz: see your result
          </ButtonLink>
        ) : s.quizRunning && (!paid || payment === 'completed') ? (
          <ButtonLink to={`/quiz/${quiz.id}/take`} fullWidth>
            {s.attempt === 'started' ? 'Resume Quiz' : 'Start Quiz'}
          </ButtonLink>
        ) : !s.quizRunning ? (
          <p className="text-sm text-slate-600">{quiz.phase === 'completed' ? 'This quiz has ended.' : 'Start Quiz appears here when the quiz begins.'}</p>
        ) : null}
      </div>
    );
  }

  return (
    <RegistrationPanel
      titleId="quiz-registration-title"
      facts={[
        { label: 'Fee', value: priceOf(quiz) },
        { label: 'Participants', value: `${quiz.totalParticipants} / ${quiz.maxParticipants}` },
      ]}
    >
      {action}
      {quiz.canManage && (
        <ButtonLink to={`/quiz/${quiz.id}/preview`} variant="secondary" fullWidth>
          Preview Quiz
        </ButtonLink>
      )}
      {step === 'profile' && user && (
        <QuizProfileDialog
          user={user}
          busy={false}
          onCancel={() => setStep('idle')}
          onSubmit={(values) => {
            setPrefill(values);
            setStep('idle');
            // The spec's pause before the registration is retried with the completed profile.
            setTimeout(() => setStep('form'), PROFILE_RETRY_MS);
          }}
        />
      )}
      {step === 'form' && user && <QuizRegistrationModal user={{ ...user, ...prefill }} busy={register.isPending || paying} onCancel={() => setStep('idle')} onSubmit={(b) => void submit(b)} />}
    </RegistrationPanel>
  );
}
