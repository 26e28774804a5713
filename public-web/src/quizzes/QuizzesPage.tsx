import { Brain, Search, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QUIZ_CATEGORIES } from '@circuit/shared/quizzes/limits';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { SkeletonCards } from '../ui/SkeletonCards';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { QuizCard } from './QuizCard';
import { useQuizList } from './quizzesApi';
import { useQuizSaves } from './useQuizSaves';

const SEARCH_PAUSE_MS = 500;

/** /quizzes (spec 3 section 2): search after a pause, category chips, Show/Hide Expired, 12 a page with working page buttons. */
export function QuizzesPage() {
  useDocumentTitle('Quizzes');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [showExpired, setShowExpired] = useState(false);
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useQuizList({ search, category, showExpired, page });
  const saves = useQuizSaves();
  const totalPages = list.data?.pagination.totalPages ?? 1;
  const pick = (c: string) => {
    setCategory(c);
    setPage(1);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Quizzes</h1>
        <p className="mt-1 text-slate-600">Test what you know against the clock and climb the leaderboard.</p>
      </header>
      <section aria-label="Filters" className="mb-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <label className="relative block">
          <span className="sr-only">Search quizzes</span>
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Search quizzes..."
            className="w-full rounded-lg border border-slate-300 py-2 pl-9 pr-3 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
          />
        </label>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Category">
          {['', ...QUIZ_CATEGORIES].map((c) => (
            <button
              key={c || 'all'}
              type="button"
              aria-pressed={category === c}
              onClick={() => pick(c)}
              className={`rounded-full px-3 py-1 text-sm font-medium capitalize ${category === c ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
            >
              {c || 'All'}
            </button>
          ))}
          <span className="ml-auto flex gap-2">
            <Button size="sm" variant="ghost" onClick={() => (setTyped(''), setSearch(''), pick(''), setShowExpired(false))}>
              Clear Filters
            </Button>
            <Button size="sm" variant="secondary" aria-pressed={showExpired} onClick={() => (setShowExpired((v) => !v), setPage(1))}>
              {showExpired ? 'Hide Expired' : 'Show Expired'}
            </Button>
          </span>
        </div>
      </section>
      {list.isPending ? (
        <SkeletonCards />
      ) : list.isError ? (
        <Card>
          <EmptyState icon={<TriangleAlert className="size-6" aria-hidden="true" />} title="Error loading quizzes" />
        </Card>
      ) : list.data.data.length === 0 ? (
        <Card>
          <EmptyState icon={<Brain className="size-6" aria-hidden="true" />} title="No quizzes found">
            Try another search or category, or show expired quizzes.
          </EmptyState>
        </Card>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.data.map((q) => (
            <li key={q.id}>
              <QuizCard quiz={q} saved={saves.isSaved(q.id)} onToggleSave={() => void saves.toggle(q)} />
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <nav aria-label="Pages" className="mt-8 flex flex-wrap justify-center gap-2">
          {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              aria-current={n === page ? 'page' : undefined}
              onClick={() => {
                setPage(n);
                window.scrollTo({ top: 0 });
              }}
              className={`min-w-9 rounded-lg px-3 py-1.5 text-sm font-medium ${n === page ? 'bg-indigo-600 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              {n}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}
