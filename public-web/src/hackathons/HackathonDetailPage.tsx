import { Bookmark, BookmarkCheck, Pencil, Share2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { Faqs, Mentors, Prizes, RichText, Section } from './DetailSections';
import { Banner, PhaseBadge } from './HackathonCard';
import { useHackathon, useSavedHackathons, useSaveHackathon } from './hackathonsApi';
import { CATEGORY_LABELS, formatDateTime, LOCATION_LABELS } from './labels';
import { RegistrationCard } from './RegistrationCard';

async function share(title: string) {
  const url = window.location.href;
  if (navigator.share) {
    await navigator.share({ title, url }).catch(() => undefined);
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success('Link copied to clipboard!');
  } catch {
    notify.error(`Copy this link: ${url}`);
  }
}

/** /hackathons/{username}: every section of spec 2 section 2, "Hackathon detail". */
export function HackathonDetailPage() {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const query = useHackathon(username);
  const saved = useSavedHackathons(Boolean(user));
  const save = useSaveHackathon();
  const h = query.data;
  useDocumentTitle(h?.title ?? 'Hackathon');

  const failure = query.error;
  const notFound = isApiError(failure) && failure.status === 404;
  const notAvailable = isApiError(failure) && failure.status === 403;
  useEffect(() => {
    if (failure && !notFound && !notAvailable) {
      notify.error(messageOf(failure, HackathonMessages.loadFailed));
      navigate('/hackathons', { replace: true });
    }
  }, [failure, notFound, notAvailable, navigate]);

  if (notFound) return <Navigate to="/404" replace />;
  if (notAvailable) {
    return (
      <StateScreen title={HackathonMessages.notAvailable} actions={<ButtonLink to="/hackathons">Browse Hackathons</ButtonLink>}>
        This hackathon is not public yet.
      </StateScreen>
    );
  }
  if (!h) return <PageSpinner label="Loading hackathon..." />;

  const isSaved = saved.data?.some((s) => s.id === h.id) ?? false;
  const canEdit = Boolean(user && (user.id === h.createdBy._id || user.role === 'admin'));
  const toggleSave = () => {
    if (!user) return notify.error('Please log in to save hackathons');
    save.mutate({ hackathon: h, saved: !isSaved }, { onError: () => notify.error('Failed to update hackathon save status') });
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Banner src={h.images.banner} title={h.title} className="h-48 w-full rounded-2xl sm:h-64" />
      <header className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <div className="mb-2 flex flex-wrap gap-2">
            <PhaseBadge hackathon={h} />
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{h.displayStatus}</span>
            {h.categories.map((c) => (
              <span key={c} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700">
                {CATEGORY_LABELS[c] ?? c}
              </span>
            ))}
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{h.title}</h1>
          <p className="mt-1 text-slate-600">{h.shortDescription}</p>
          {h.status === 'rejected' && h.rejectionReason && <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">Rejected: {h.rejectionReason}</p>}
          {h.status === 'pending' && <p className="mt-2 rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-800">In review: we review new hackathons within 24 to 48 hours.</p>}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" aria-pressed={isSaved} onClick={toggleSave} disabled={save.isPending}>
            {isSaved ? <BookmarkCheck className="h-4 w-4" aria-hidden="true" /> : <Bookmark className="h-4 w-4" aria-hidden="true" />}
            {isSaved ? 'Saved' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={() => void share(h.title)}>
            <Share2 className="h-4 w-4" aria-hidden="true" /> Share
          </Button>
          {canEdit && (
            <ButtonLink to={`/hackathons/${h.username}/edit`} variant="secondary">
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
            </ButtonLink>
          )}
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section id="about" title="About">
            <RichText html={h.description} />
          </Section>
          <Section id="prizes" title="Prizes">
            <Prizes prizes={h.prizes} />
          </Section>
          <Section id="eligibility" title="Eligibility">
            <RichText html={h.eligibilityCriteria} />
          </Section>
          {h.mentors.length > 0 && (
            <Section id="mentors" title="Mentors">
              <Mentors mentors={h.mentors} />
            </Section>
          )}
          <Section id="faqs" title="FAQs">
            <Faqs faqs={h.faqs} />
          </Section>
          <Section id="announcements" title="Announcements">
            <p className="text-slate-600">No announcements yet. Registered participants are notified when the organiser posts one.</p>
          </Section>
        </div>
        <aside className="space-y-6">
          <RegistrationCard hackathon={h} />
          <section aria-labelledby="details-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="details-title" className="mb-3 text-lg font-semibold text-slate-900">
              Event details
            </h2>
            <dl className="space-y-2 text-sm">
              {(
                [
                  ['Registration closes', formatDateTime(h.dates.registrationDeadline)],
                  ['Starts', formatDateTime(h.dates.startDate)],
                  ['Ends', formatDateTime(h.dates.endDate)],
                  ['Location', [LOCATION_LABELS[h.location.type], h.location.city, h.location.state, h.location.country].filter(Boolean).join(', ')],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            {h.technologies.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Technologies">
                {h.technologies.map((t) => (
                  <li key={t} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {t}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="organiser-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="organiser-title" className="mb-2 text-lg font-semibold text-slate-900">
              Organiser
            </h2>
            <p className="font-medium text-slate-900">{h.organization.name}</p>
            {h.createdBy.username && (
              <Link to={`/in/${h.createdBy.username}`} className="text-sm text-indigo-600 hover:underline">
                Hosted by {`${h.createdBy.firstName} ${h.createdBy.lastName}`.trim() || h.createdBy.username}
              </Link>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
