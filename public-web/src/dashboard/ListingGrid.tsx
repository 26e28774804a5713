import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HackathonCard } from '../hackathons/HackathonCard';
import { ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { SkeletonCards } from '../ui/SkeletonCards';
import { EmptyState } from '../ui/EmptyState';
import { HackathonManageCard } from './HackathonManageCard';
import { EventCard } from '../events/EventCard';
import { EventManageCard } from '../events/EventManageCard';
import { QuizCard } from '../quizzes/QuizCard';
import { QuizManageCard } from '../quizzes/QuizManageCard';
import type { ListingCard } from './listings';
import { PersonalItemCard } from './PersonalItemCard';

/** manage: the organiser's cards; browse: the lists' cards; personal: /user-dashboard's cards (rupees, 'MMM dd, yyyy'). */
type Variant = 'manage' | 'browse' | 'personal';

/** A card: each kind gets its organiser's card (manage) or its list's card with View Details (browse). */
function Item({ item, variant }: { item: ListingCard; variant: Variant }) {
  if (variant === 'personal') return <PersonalItemCard item={item} />;
  const details = (
    <ButtonLink to={item.href} size="sm" variant="secondary" fullWidth>
      View Details<span className="sr-only">: {item.title}</span>
    </ButtonLink>
  );
  if (item.event) return variant === 'manage' ? <EventManageCard event={item.event} /> : <EventCard event={item.event} footer={details} />;
  if (item.quiz) return variant === 'manage' ? <QuizManageCard quiz={item.quiz} /> : <QuizCard quiz={item.quiz} footer={details} />;
  if (item.hackathon) return variant === 'manage' ? <HackathonManageCard hackathon={item.hackathon} /> : <HackathonCard hackathon={item.hackathon} footer={details} />;
  return (
    <Card className="p-5">
      <Link to={item.href} className="break-words font-semibold text-slate-900 hover:text-indigo-600">
        {item.title}
      </Link>
    </Card>
  );
}

/** A list's cards, its skeletons while loading, its error, or its empty state. */
export function ListingGrid({
  items,
  loading,
  error,
  empty,
  variant = 'browse',
}: {
  items: ListingCard[] | undefined;
  loading: boolean;
  /** Shown instead of the cards when the list failed to load. */
  error?: string | null;
  empty: { icon: ReactNode; title: string; text?: string; actions?: ReactNode };
  variant?: Variant;
}) {
  if (loading) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading...
        </p>
        <SkeletonCards />
      </>
    );
  }
  if (error) {
    return (
      <Card>
        <EmptyState icon={<TriangleAlert className="size-6" aria-hidden="true" />} title={error} />
      </Card>
    );
  }
  if (!items?.length) {
    return (
      <Card>
        <EmptyState icon={empty.icon} title={empty.title} actions={empty.actions}>
          {empty.text}
        </EmptyState>
      </Card>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.id}>
          <Item item={item} variant={variant} />
        </li>
      ))}
    </ul>
  );
}
