import { ChevronDown, Megaphone, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { SPONSOR_TIERS } from '@circuit/shared/hackathons/options';
import { money } from './labels';
import { TIER_LABELS } from './announcements/labels';

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="mb-3 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Quiet = ({ children }: { children: ReactNode }) => <p className="text-slate-600">{children}</p>;

/** HTML the server sanitised (allow-list: no scripts, classes or styles). */
export function RichText({ html, empty }: { html: string; empty: string }) {
  if (!html.replace(/<[^>]*>/g, '').trim()) return <Quiet>{empty}</Quiet>;
  return <div className="max-w-none space-y-2 break-words text-slate-700 [&_a]:text-indigo-600 [&_a]:underline [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Prizes({ prizes }: { prizes: Hackathon['prizes'] }) {
  const details = prizes.prizeDetails.filter((p) => p.rank || p.description || p.amount > 0);
  if (!prizes.totalPrizePool && details.length === 0) return <Quiet>The organiser has not announced prizes yet.</Quiet>;
  return (
    <>
      {prizes.totalPrizePool > 0 && <p className="mb-3 text-2xl font-bold text-indigo-700">{money(prizes.totalPrizePool, prizes.currency)} in prizes</p>}
      {details.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2">
          {details.map((p, i) => (
            <li key={`${p.rank}-${i}`} className="rounded-xl bg-slate-50 p-4">
              <p className="font-semibold text-slate-900">{p.rank}</p>
              {p.amount > 0 && <p className="text-indigo-700">{money(p.amount, prizes.currency)}</p>}
              {p.description && <p className="text-sm text-slate-600">{p.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function Faqs({ faqs }: { faqs: Hackathon['faqs'] }) {
  const asked = faqs.filter((f) => f.question.trim());
  if (asked.length === 0) return <Quiet>No questions yet.</Quiet>;
  return (
    <div className="divide-y divide-slate-200">
      {asked.map((f, i) => (
        <details key={i} className="group py-3">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden">
            {f.question}
            <ChevronDown className="h-4 w-4 shrink-0 text-slate-500 transition group-open:rotate-180" aria-hidden="true" />
          </summary>
          <p className="mt-2 whitespace-pre-line text-slate-600">{f.answer}</p>
        </details>
      ))}
    </div>
  );
}

/** Eligibility text, then the age limits when the organiser set them. */
export function Eligibility({ hackathon }: { hackathon: Pick<Hackathon, 'eligibilityCriteria' | 'requirements'> }) {
  const { minAge, maxAge } = hackathon.requirements;
  const ages = minAge > 0 && maxAge > 0 ? `Ages ${minAge} to ${maxAge}` : minAge > 0 ? `Aged ${minAge} or older` : maxAge > 0 ? `Aged ${maxAge} or younger` : '';
  return (
    <>
      <RichText html={hackathon.eligibilityCriteria} empty="Open to everyone." />
      {ages && <p className="mt-3 text-sm font-medium text-slate-700">{ages}</p>}
    </>
  );
}

export function Mentors({ mentors }: { mentors: Hackathon['mentors'] }) {
  const named = mentors.filter((m) => m.name.trim());
  if (named.length === 0) return <Quiet>The organiser has not added mentors yet.</Quiet>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {named.map((m, i) => (
        <li key={i} className="rounded-xl bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">
            {m.linkedin ? (
              <a href={m.linkedin} target="_blank" rel="noopener noreferrer" className="hover:text-indigo-600 hover:underline">
                {m.name}
              </a>
            ) : (
              m.name
            )}
          </p>
          {m.tagline && <p className="text-sm text-slate-600">{m.tagline}</p>}
        </li>
      ))}
    </ul>
  );
}

/** Sponsors by tier, in the spec's order (platinum first), three to a row (spec 3, also on a phone). */
export function Sponsors({ sponsors }: { sponsors: Hackathon['sponsors'] }) {
  if (sponsors.length === 0) return <Quiet>No sponsors yet.</Quiet>;
  return <SponsorTiers sponsors={sponsors} />;
}

/** The tiered grid itself; `actions` adds controls under each sponsor (the organiser's page). */
export function SponsorTiers({ sponsors, actions }: { sponsors: Hackathon['sponsors']; actions?: (sponsor: Hackathon['sponsors'][number]) => ReactNode }) {
  return (
    <div className="space-y-4">
      {SPONSOR_TIERS.filter((tier) => sponsors.some((s) => s.tier === tier)).map((tier) => (
        <div key={tier}>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{TIER_LABELS[tier]}</h3>
          <ul className="grid grid-cols-3 gap-2 sm:gap-3">
            {sponsors
              .filter((s) => s.tier === tier)
              .map((s) => (
                <li key={s._id} className="flex min-w-0 flex-col items-center gap-2 rounded-xl bg-slate-50 p-2 text-center sm:p-3">
                  {s.image ? (
                    <img src={s.image} alt="" className="size-12 shrink-0 rounded-md bg-white object-contain" loading="lazy" />
                  ) : (
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-white text-lg font-bold text-slate-400" aria-hidden="true">
                      {s.name.charAt(0).toUpperCase()}
                    </span>
                  )}
                  <span className="w-full break-words text-sm font-medium text-slate-900 wrap-anywhere">{s.name}</span>
                  {actions?.(s)}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function Reviews({ hackathon }: { hackathon: Pick<Hackathon, 'averageRating' | 'totalReviews'> }) {
  if (hackathon.totalReviews === 0) return <Quiet>No reviews yet.</Quiet>;
  return (
    <p className="flex items-center gap-2 text-slate-700">
      <Star className="h-5 w-5 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="text-lg font-semibold text-slate-900">{hackathon.averageRating.toFixed(1)}</span>
      <span>
        from {hackathon.totalReviews} {hackathon.totalReviews === 1 ? 'review' : 'reviews'}
      </span>
    </p>
  );
}

/**
 * The Announcements section of the form's Preview (a listing not created yet has none); the
 * detail page shows the latest two instead (announcements/LatestAnnouncements.tsx).
 */
export function Announcements({ username }: { username?: string }) {
  return (
    <div className="flex items-start gap-3">
      <Megaphone className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
      <div>
        <Quiet>No announcements yet. The organiser posts news, schedule changes and results here.</Quiet>
        {username && (
          <Link to={`/hackathons/${username}/announcements`} className="mt-2 inline-block text-sm font-medium text-indigo-600 hover:underline">
            All announcements
          </Link>
        )}
      </div>
    </div>
  );
}
