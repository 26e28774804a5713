import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QuizCard } from './QuizCard';
import { useFeaturedQuizzes } from './quizzesApi';
import { useQuizSaves } from './useQuizSaves';

const PER_PAGE = 4;

/** The home page's featured quizzes (spec 3: 8, paged 4 at a time, wrapping around). Hidden when there are none. */
export function QuizCarousel() {
  const featured = useFeaturedQuizzes();
  const saves = useQuizSaves();
  const [page, setPage] = useState(0);
  const quizzes = featured.data ?? [];
  if (quizzes.length === 0) return null;
  const pages = Math.ceil(quizzes.length / PER_PAGE);
  const shown = quizzes.slice(page * PER_PAGE, page * PER_PAGE + PER_PAGE);
  const go = (delta: number) => setPage((p) => (p + delta + pages) % pages);
  return (
    <section aria-labelledby="featured-quizzes" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="featured-quizzes" className="text-2xl font-bold tracking-tight text-slate-900">
            Featured Quizzes
          </h2>
          <p className="mt-2 text-slate-600">Beat the clock, then see where you rank.</p>
        </div>
        <div className="flex items-center gap-2">
          <Link to="/quizzes" className="text-sm font-medium text-indigo-600 hover:underline">
            View all
          </Link>
          {pages > 1 && (
            <>
              <button type="button" onClick={() => go(-1)} aria-label="Previous quizzes" className="rounded-full border border-slate-300 bg-white p-2 hover:bg-slate-50">
                <ChevronLeft className="size-4" aria-hidden="true" />
              </button>
              <button type="button" onClick={() => go(1)} aria-label="Next quizzes" className="rounded-full border border-slate-300 bg-white p-2 hover:bg-slate-50">
                <ChevronRight className="size-4" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
      </div>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {shown.map((q) => (
          <li key={q.id}>
            <QuizCard quiz={q} saved={saves.isSaved(q.id)} onToggleSave={() => void saves.toggle(q)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
