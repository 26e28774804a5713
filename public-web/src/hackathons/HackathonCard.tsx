import { CalendarDays, Clock, MapPin, Star, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HackathonCard as Card } from '@circuit/shared/api/hackathons';
import { countdownText, HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { LOCATION_LABELS, money, PHASE_BADGES } from './labels';
import { When } from '../ui/When';

export function PhaseBadge({ hackathon }: { hackathon: Pick<Card, 'phase' | 'status'> }) {
  const badge = hackathon.status === 'accepted' ? (PHASE_BADGES[hackathon.phase] ?? PHASE_BADGES.draft) : PHASE_BADGES.pending;
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.label}</span>;
}

/** One fact of a card's list: an icon, the name for screen readers, the value. */
export function CardFact({ icon: Icon, label, className, children }: { icon: LucideIcon; label: string; className?: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <dt className="sr-only">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** A banner, or a gradient with the initial when the organiser gave none. */
export function Banner({ src, title, className, eager = false }: { src: string; title: string; className: string; eager?: boolean }) {
  // Width and height give the browser the box before the file arrives (no layout shift). Below the fold it
  // waits (lazy); a banner that is the page's largest paint (`eager`) is fetched at once and first.
  if (src) return <img src={src} alt="" width={640} height={288} decoding="async" className={`${className} object-cover`} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : undefined} />;
  return (
    <div aria-hidden="true" className={`${className} flex items-center justify-center bg-gradient-to-br from-indigo-500 via-blue-500 to-cyan-400 text-4xl font-bold text-white/90`}>
      {title.slice(0, 1)}
    </div>
  );
}

/** A card of the list (spec 2 section 2: banner, title, short description, status, start, location type, participants, fee, 3 technologies, countdown). */
export function HackathonCard({ hackathon, now = new Date(), footer, eager = false }: { hackathon: Card; now?: Date; footer?: ReactNode; eager?: boolean }) {
  const open = hackathon.phase === 'registration_open';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-indigo-500 hover:-translate-y-0.5 hover:shadow-md">
      <Banner src={hackathon.images.banner} title={hackathon.title} className="h-36 w-full" eager={eager} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <PhaseBadge hackathon={hackathon} />
          <span className="text-sm font-semibold text-slate-900">{hackathon.registrationFees > 0 ? money(hackathon.registrationFees, hackathon.pricing.currency) : 'Free'}</span>
        </div>
        <h2 className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={`/hackathons/${hackathon.username}`} className="after:absolute after:inset-0 focus:outline-none group-focus-within:underline">
            <span className="relative">{hackathon.title}</span>
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-slate-600">{hackathon.shortDescription}</p>
        {hackathon.totalReviews > 0 && (
          <p className="flex items-center gap-1 text-xs text-slate-600">
            <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
            <span className="font-semibold text-slate-900">{hackathon.averageRating.toFixed(1)}</span>
            <span>
              <span className="sr-only">out of 5, from </span>({hackathon.totalReviews} {hackathon.totalReviews === 1 ? 'review' : 'reviews'})
            </span>
          </p>
        )}
        <ul className="flex flex-wrap gap-1.5" aria-label="Technologies">
          {hackathon.technologies.slice(0, HACKATHON_LIMITS.cardTechnologies).map((t) => (
            <li key={t} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {t}
            </li>
          ))}
        </ul>
        <dl className="mt-auto grid grid-cols-2 gap-2 text-xs text-slate-600">
          <CardFact icon={CalendarDays} label="Starts">
            <When iso={hackathon.dates.startDate} />
          </CardFact>
          <CardFact icon={MapPin} label="Location">
            {LOCATION_LABELS[hackathon.location.type] ?? hackathon.location.type}
          </CardFact>
          <CardFact icon={Users} label="Participants">
            {hackathon.currentParticipants} / {hackathon.maxParticipants}
          </CardFact>
          <CardFact icon={Clock} label="Registration" className={open ? 'font-medium text-emerald-700' : undefined}>
            {open ? countdownText(hackathon.dates.registrationDeadline, now) : 'Registration closed'}
          </CardFact>
        </dl>
        {/* Above the card-wide link, so its own controls stay clickable. */}
        {footer && <div className="relative z-10 border-t border-slate-100 pt-3">{footer}</div>}
      </div>
    </article>
  );
}
