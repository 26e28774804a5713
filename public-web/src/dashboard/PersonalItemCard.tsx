import { CalendarDays, MapPin, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Banner, CardFact, PhaseBadge } from '../hackathons/HackathonCard';
import { LOCATION_LABELS } from '../hackathons/labels';
import { QuizBadge } from '../quizzes/QuizCard';
import type { ListingCard } from './listings';
import { mmmDdYyyy, rupees } from './personal-format';
import { plainText } from '../seo/plainText';

interface Shown {
  banner: string;
  badge: ReactNode;
  description: string;
  start: string | null;
  price: number;
  where: { icon: typeof MapPin; label: string; value: string };
}


function shown(item: ListingCard): Shown | null {
  if (item.hackathon) {
    const h = item.hackathon;
    return { banner: h.images.banner, badge: <PhaseBadge hackathon={h} />, description: h.shortDescription, start: h.dates.startDate, price: h.registrationFees, where: { icon: MapPin, label: 'Mode', value: LOCATION_LABELS[h.location.type] ?? h.location.type } };
  }
  if (item.event) {
    const e = item.event;
    return { banner: e.images.banner, badge: <PhaseBadge hackathon={e} />, description: e.shortDescription, start: e.dates.startDate, price: e.pricing.type === 'free' ? 0 : e.pricing.amount, where: { icon: MapPin, label: 'Mode', value: LOCATION_LABELS[e.location.type] ?? e.location.type } };
  }
  if (item.quiz) {
    const q = item.quiz;
    return { banner: q.image, badge: <QuizBadge quiz={q} />, description: plainText(q.description), start: q.dates.startDate, price: q.pricing.type === 'paid' ? q.pricing.amount : 0, where: { icon: Tag, label: 'Category', value: q.category } };
  }
  return null;
}

/** A card of /user-dashboard: the item's banner, state, title, summary, start as 'MMM dd, yyyy' and price in rupees (spec 3). */
export function PersonalItemCard({ item }: { item: ListingCard }) {
  const s = shown(item);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-indigo-500 hover:-translate-y-0.5 hover:shadow-md">
      {s && <Banner src={s.banner} title={item.title} className="h-32 w-full" />}
      <div className="flex flex-1 flex-col gap-2.5 p-5">
        {s && (
          <div className="flex items-center justify-between gap-2">
            {s.badge}
            <span className="text-sm font-semibold text-slate-900">{rupees(s.price)}</span>
          </div>
        )}
        <h3 className="text-base font-semibold leading-snug text-slate-900">
          <Link to={item.href} className="after:absolute after:inset-0 focus:outline-none group-focus-within:underline">
            {item.title}
          </Link>
        </h3>
        {s && <p className="line-clamp-2 text-sm text-slate-600">{s.description}</p>}
        {s && (
          <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-1 text-xs text-slate-600">
            <CardFact icon={CalendarDays} label="Starts">
              {mmmDdYyyy(s.start)}
            </CardFact>
            <CardFact icon={s.where.icon} label={s.where.label} className="capitalize">
              {s.where.value}
            </CardFact>
          </dl>
        )}
      </div>
    </article>
  );
}
