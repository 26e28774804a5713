import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Check, LockKeyhole, Plus, Search, SearchX, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { Avatar } from '../shell/Avatar';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { PageSpinner, Spinner } from '../ui/Spinner';
import { inputClasses } from '../ui/TextField';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { fullName, idOf, type UserSummary } from '../users/types';
import { usePresetSkills } from '../users/usePresetSkills';
import { AddSkillsModal } from './AddSkillsModal';
import { canSearch, MAX_SKILLS_SHOWN, nextSearchPage, QUICK_CHIP_COUNT, searchKeys, searchUsers, type SearchCriteria } from './searchApi';
import { LoginButtonLink } from '../auth/LoginLinks';

/** /search: users by text and skills (spec section 2, "User search"). The applied search lives in the address. */
export function SearchPage() {
  useDocumentTitle('Search Users');
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="Authentication Required" actions={<LoginButtonLink>Go to Login</LoginButtonLink>}>
        Please sign in to search for other users.
      </StateScreen>
    );
  }
  return <UserSearch />;
}

function UserSearch() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [params, setParams] = useSearchParams();
  const appliedQ = params.get('q') ?? '';
  const skills = (params.get('skills') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const criteria: SearchCriteria = { q: appliedQ, skills };
  const active = canSearch(criteria);
  const [text, setText] = useState(appliedQ);
  const [modalOpen, setModalOpen] = useState(false);
  const presets = usePresetSkills();
  const quickChips = presets.slice(0, QUICK_CHIP_COUNT);
  const extraSkills = skills.filter((s) => !quickChips.includes(s));

  // Back/forward changes the address: the box follows.
  useEffect(() => setText(appliedQ), [appliedQ]);

  /** Runs a search (or clears the results when there is nothing to search for). */
  const apply = (next: SearchCriteria) => {
    const search = new URLSearchParams();
    if (next.q.trim()) search.set('q', next.q.trim());
    if (next.skills.length) search.set('skills', next.skills.join(','));
    setParams(search);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { q: text, skills };
    if (!canSearch(next)) {
      inputRef.current?.focus();
      return;
    }
    apply(next);
  };

  const toggleSkill = (skill: string) =>
    apply({ q: text, skills: skills.includes(skill) ? skills.filter((s) => s !== skill) : [...skills, skill] });

  const results = useInfiniteQuery({
    queryKey: searchKeys.users(criteria),
    queryFn: ({ pageParam, signal }) => searchUsers(criteria, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextSearchPage,
    enabled: active,
  });

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (results.isError && toasted.current !== results.error) {
      toasted.current = results.error;
      notify.error(messageOf(results.error, 'Failed to search users'));
    }
  }, [results.isError, results.error]);

  const users = results.data?.pages.flatMap((p) => p.users) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const queryLabel = appliedQ.trim() || skills.join(', ');

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Search Users</h1>
      <p className="mt-1 text-sm text-slate-600">Find developers by name, username, tagline or skills.</p>

      <Card className="mt-6 p-4 sm:p-5">
        <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={inputId} className="sr-only">
            Search by name, username or tagline
          </label>
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              ref={inputRef}
              id={inputId}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search by name, username or tagline"
              className={clsx(inputClasses(false), 'pl-9')}
              autoComplete="off"
            />
          </div>
          <Button type="submit" icon={<Search className="size-4" aria-hidden="true" />}>
            Search
          </Button>
        </form>

        <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label="Filter by skill">
          {quickChips.map((skill) => {
            const on = skills.includes(skill);
            return (
              <button
                key={skill}
                type="button"
                aria-pressed={on}
                onClick={() => toggleSkill(skill)}
                className={clsx(
                  'inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                  on ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {on && <Check className="size-3.5" aria-hidden="true" />}
                {skill}
              </button>
            );
          })}
          {extraSkills.map((skill) => (
            <span key={skill} className="inline-flex items-center gap-1 rounded-full bg-indigo-600 py-1.5 pl-3 pr-1.5 text-sm font-medium text-white">
              {skill}
              <button
                type="button"
                onClick={() => toggleSkill(skill)}
                aria-label={`Remove ${skill}`}
                className="rounded-full p-0.5 hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-white"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </span>
          ))}
          <Button variant="ghost" size="sm" onClick={() => setModalOpen(true)} icon={<Plus className="size-4" aria-hidden="true" />} className="text-indigo-600">
            Add Skills
          </Button>
          {skills.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => apply({ q: text, skills: [] })}>
              Clear skills
            </Button>
          )}
        </div>
      </Card>

      <div className="mt-6" aria-live="polite">
        {!active ? (
          <EmptyState icon={<Search className="size-6" aria-hidden="true" />} title="Search for people">
            Type a name or pick a skill to start.
          </EmptyState>
        ) : results.isPending ? (
          <div className="flex justify-center py-12 text-indigo-600">
            <Spinner className="size-7" label="Searching..." />
          </div>
        ) : results.isError ? (
          <EmptyState title={messageOf(results.error, 'Failed to search users')} actions={<Button onClick={() => void results.refetch()}>Try again</Button>} />
        ) : users.length === 0 ? (
          <EmptyState icon={<SearchX className="size-6" aria-hidden="true" />} title={`No users found for "${queryLabel}"`}>
            Try different search terms or skills
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600" role="status">
              {total} {total === 1 ? 'user' : 'users'} found
            </p>
            <ul className="space-y-3">
              {users.map((user) => (
                <ResultRow key={idOf(user)} user={user} />
              ))}
            </ul>
            {results.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button variant="secondary" loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
                  Load More
                </Button>
              </div>
            )}
          </>
        )}
      </div>

      <AddSkillsModal
        open={modalOpen}
        presets={presets}
        selected={skills}
        onClose={() => setModalOpen(false)}
        onApply={(next) => {
          setModalOpen(false);
          apply({ q: text, skills: next });
        }}
      />
    </div>
  );
}

function ResultRow({ user }: { user: UserSummary }) {
  const skills = user.skills ?? [];
  const more = skills.length - MAX_SKILLS_SHOWN;
  return (
    <li>
      <Link
        to={`/in/${encodeURIComponent(user.username)}`}
        className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 transition hover:shadow-md hover:ring-indigo-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        <Avatar user={user} className="size-14" textClassName="text-base" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{fullName(user)}</p>
          <p className="truncate text-sm text-slate-500">@{user.username}</p>
          {user.tagline && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{user.tagline}</p>}
          {skills.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Skills">
              {skills.slice(0, MAX_SKILLS_SHOWN).map((skill) => (
                <li key={skill} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700">
                  {skill}
                </li>
              ))}
              {more > 0 && <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">+{more} more</li>}
            </ul>
          )}
        </div>
      </Link>
    </li>
  );
}
