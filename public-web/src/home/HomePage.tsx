import clsx from 'clsx';
import { ArrowRight, Brain, CalendarDays, LayoutDashboard, MessagesSquare, Plus, Trophy, UserRound, Users } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import type { User } from '../auth/types';
import { ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { FeaturedPlaceholders } from './featuredKinds';
import { MarketingFigures, Testimonials } from './Marketing';

const sections = [
  {
    title: 'Hackathons',
    to: '/hackathons',
    icon: <Trophy className="size-5" aria-hidden="true" />,
    text: 'Find a hackathon, form a team, build something in a weekend and show it to the judges.',
  },
  {
    title: 'Events',
    to: '/events',
    icon: <CalendarDays className="size-5" aria-hidden="true" />,
    text: 'Workshops, meetups and talks run by students and communities, online and on campus.',
  },
  {
    title: 'Quizzes',
    to: '/quizzes',
    icon: <Brain className="size-5" aria-hidden="true" />,
    text: 'Timed quizzes on code, tech and more, with a leaderboard when the clock stops.',
  },
];

const pillars: { title: string; icon: ReactNode; text: string; link?: { to: string; label: string } }[] = [
  {
    title: 'A profile that shows your work',
    icon: <UserRound className="size-5" aria-hidden="true" />,
    text: 'Your skills, your education and a portfolio of projects, on one public page you can share.',
  },
  {
    title: 'People to build with',
    icon: <Users className="size-5" aria-hidden="true" />,
    text: 'Follow developers you admire, connect with teammates and search for people by skill.',
  },
  {
    title: 'Conversations that stay',
    icon: <MessagesSquare className="size-5" aria-hidden="true" />,
    text: 'Message your connections in real time, before, during and long after the event.',
  },
  {
    title: 'Host your own',
    icon: <Plus className="size-5" aria-hidden="true" />,
    text: 'Run a hackathon, an event or a quiz for your club or college and manage who takes part.',
    link: { to: '/dashboard', label: "Open the Organiser's Dashboard" },
  },
];

function IconTile({ children }: { children: ReactNode }) {
  return <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">{children}</span>;
}

function Hero({ user, loading }: { user: User | null; loading: boolean }) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-indigo-100),transparent_55%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.15fr_1fr] lg:px-8">
        {/*
          The welcome for a signed-in visitor takes the place of the pitch in the same grid cell, and the pitch
          stays there unseen: the server renders the pitch (it cannot know the visitor), and the page below
          does not move when the session turns out to be signed in. The welcome comes first, as it is read.
        */}
        <div className="grid max-w-2xl">
          {user && (
            <div className="[grid-area:1/1]">
              <p className="text-sm font-semibold text-indigo-600">Good to see you</p>
              <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
                Welcome back, {user.firstName || user.username}!
              </h1>
              <p className="mt-4 text-lg text-slate-600">
                Pick up where you left off: your registrations and saved items are on your dashboard.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <ButtonLink to="/user-dashboard" size="lg">
                  <LayoutDashboard className="size-5" aria-hidden="true" />
                  Go to your dashboard
                </ButtonLink>
                <ButtonLink to="/profile" size="lg" variant="secondary">
                  View your profile
                </ButtonLink>
              </div>
            </div>
          )}
          <div className={clsx('[grid-area:1/1]', user && 'invisible')} aria-hidden={user ? true : undefined} inert={user ? true : undefined}>
            <p className="inline-flex items-center gap-2 rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200">
              For students and developers
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
              Build, compete and learn <span className="text-indigo-600">together</span>.
            </h1>
            <p className="mt-5 text-lg text-slate-600">
              Circuit brings hackathons, events and quizzes into one place, with a developer profile that grows
              with every project and the people you meet along the way.
            </p>
            {/* Hidden, not removed, while the session is checked: no flash of sign-up buttons, no layout shift. */}
            <div className={`mt-8 flex flex-col gap-3 sm:flex-row ${loading ? 'invisible' : ''}`}>
              <ButtonLink to="/signup" size="lg">
                Create your free account
                <ArrowRight className="size-5" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink to="/login" size="lg" variant="secondary">
                I already have an account
              </ButtonLink>
            </div>
          </div>
        </div>
        <CodeCard />
      </div>
    </section>
  );
}

/** Decoration for wide screens: the product's idea, written the way its users think. */
function CodeCard() {
  const lines: [string, string][] = [
    ['text-slate-400', '// your next weekend'],
    ['text-sky-300', 'const team = await circuit.connect(friends);'],
    ['text-violet-300', 'await team.join(hackathon);'],
    ['text-emerald-300', 'await team.build(somethingNew);'],
    ['text-amber-200', 'await team.ship();'],
    ['text-slate-400', '// then: learn, repeat, level up'],
  ];
  return (
    <div aria-hidden="true" className="hidden lg:block">
      <div className="rotate-1 rounded-2xl bg-slate-900 p-5 shadow-2xl shadow-indigo-900/20 ring-1 ring-slate-900/10">
        <div className="flex gap-1.5">
          <span className="size-3 rounded-full bg-red-400/80" />
          <span className="size-3 rounded-full bg-amber-400/80" />
          <span className="size-3 rounded-full bg-emerald-400/80" />
        </div>
        <pre className="mt-5 overflow-hidden font-mono text-sm leading-7">
          {lines.map(([color, line]) => (
            <div key={line} className={color}>
              {line}
            </div>
          ))}
        </pre>
      </div>
    </div>
  );
}

// The home page is in the first load of every page (it is the landing route): its featured cards are not.
const FeaturedListings = lazy(() => import('./FeaturedListings'));

/** The home page: what Circuit is for, and a way in. */
export function HomePage() {
  const { state } = useAuth();
  const user = state.user;
  useDocumentTitle();

  return (
    <>
      <Hero user={user} loading={state.status === 'loading'} />
      <MarketingFigures />
      <Suspense fallback={<FeaturedPlaceholders />}>
        <FeaturedListings />
      </Suspense>

      <section aria-labelledby="explore-heading" className="below-fold mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="explore-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Explore
        </h2>
        <p className="mt-2 text-slate-600">Three ways to learn by doing.</p>
        <div className="mt-8 grid gap-4 md:grid-cols-3">
          {sections.map((section) => (
            <Link
              key={section.to}
              to={section.to}
              className="group rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
            >
              <Card className="h-full p-6 transition group-hover:-translate-y-0.5 group-hover:shadow-md">
                <IconTile>{section.icon}</IconTile>
                <h3 className="mt-4 flex items-center gap-1.5 font-semibold text-slate-900">
                  {section.title}
                  <ArrowRight className="size-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-indigo-600" aria-hidden="true" />
                </h3>
                <p className="mt-2 text-sm text-slate-600">{section.text}</p>
              </Card>
            </Link>
          ))}
        </div>
      </section>

      <Testimonials />

      <section aria-labelledby="pillars-heading" className="below-fold border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="pillars-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            More than a list of events
          </h2>
          <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {pillars.map((pillar) => (
              <div key={pillar.title}>
                <IconTile>{pillar.icon}</IconTile>
                <h3 className="mt-4 font-semibold text-slate-900">{pillar.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{pillar.text}</p>
                {pillar.link && (
                  <Link to={pillar.link.to} className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
                    {pillar.link.label}
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                )}
              </div>
            ))}
          </div>
        </div>
      </section>

      {!user && state.status !== 'loading' && (
        <section className="below-fold mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <div className="rounded-3xl bg-indigo-600 px-6 py-12 text-center shadow-lg sm:px-12">
            <h2 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Your next project starts here</h2>
            <p className="mx-auto mt-3 max-w-xl text-indigo-100">
              Make an account in a minute: all it takes is an email address you can verify.
            </p>
            <Link
              to="/signup"
              className="mt-8 inline-flex h-12 items-center gap-2 rounded-lg bg-white px-6 font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Get started
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
          </div>
        </section>
      )}
    </>
  );
}
