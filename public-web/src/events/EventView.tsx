import { Building2, CalendarDays, Globe, MapPin, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Event } from '@circuit/shared/api/events';
import { RichText } from '../hackathons/DetailSections';
import { PhaseBadge } from '../hackathons/HackathonCard';
import { LOCATION_LABELS } from '../hackathons/labels';
import { useDateLabels } from '../ui/useDateLabels';
import { EVENT_CATEGORY_LABELS, EVENT_TYPE_LABELS, eventPrice } from './labels';

const STATE_STYLES: Record<string, string> = { Upcoming: 'bg-sky-100 text-sky-800', 'In Progress': 'bg-emerald-100 text-emerald-800', Completed: 'bg-slate-200 text-slate-700' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Every part of the event page (spec 2 section 2), shared by the detail page and the form's preview. */
export function EventView({ event: e, actions, notes, registration }: { event: Event; actions?: ReactNode; notes?: ReactNode; registration: ReactNode }) {
  const dates = useDateLabels();
  const place = e.location.type === 'online' ? 'Online' : [e.location.address, e.location.city, e.location.state, e.location.country].filter(Boolean).join(', ');
  const links = Object.entries(e.socialMediaLinks).filter(([, url]) => url);
  return (
    <div className="space-y-6">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {e.images.banner ? <img src={e.images.banner} alt="" className="h-48 w-full object-cover sm:h-64" /> : <div aria-hidden="true" className="h-32 w-full bg-gradient-to-br from-indigo-500 via-blue-500 to-cyan-400 sm:h-44" />}
        <div className="space-y-3 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <PhaseBadge hackathon={e} />
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLES[e.displayStatus]}`}>{e.displayStatus}</span>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{EVENT_TYPE_LABELS[e.eventType]}</span>
            <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700">{EVENT_CATEGORY_LABELS[e.category]}</span>
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{e.title}</h1>
          <p className="text-slate-600">{e.shortDescription}</p>
          {notes}
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section title="About">
            <RichText html={e.description} empty="No description yet." />
          </Section>
          {e.faqs.length > 0 && (
            <Section title="FAQs">
              <dl className="space-y-3">
                {e.faqs.map((f) => (
                  <div key={f.id}>
                    <dt className="font-medium text-slate-900">{f.question}</dt>
                    <dd className="mt-1 text-sm text-slate-600">{f.answer}</dd>
                  </div>
                ))}
              </dl>
            </Section>
          )}
          {e.tags.length > 0 && (
            <Section title="Tags">
              <ul className="flex flex-wrap gap-2">
                {e.tags.map((t) => (
                  <li key={t} className="flex items-center gap-1 rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-700">
                    <Tag className="size-3.5" aria-hidden="true" />
                    {t}
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </div>
        <aside className="order-first space-y-6 lg:order-none">
          {registration}
          <Section title="Event details">
            <ul className="space-y-2 text-sm text-slate-700">
              <li className="flex gap-2">
                <CalendarDays className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <span>
                  <span className="sr-only">When: </span>
                  {dates.dateTime(e.dates.startDate)} to {dates.dateTime(e.dates.endDate)}
                </span>
              </li>
              <li className="flex gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <span>
                  <span className="sr-only">Where: </span>
                  {LOCATION_LABELS[e.location.type]}
                  {e.location.type !== 'online' && place ? `: ${place}` : ''}
                </span>
              </li>
              <li>
                <span className="font-medium">Price:</span> {eventPrice(e)}
              </li>
            </ul>
          </Section>
          <Section title="Organiser">
            <div className="flex items-center gap-3">
              {e.organization.logo ? <img src={e.organization.logo} alt="" className="size-10 rounded-lg object-cover" /> : <Building2 className="size-10 rounded-lg bg-slate-100 p-2 text-slate-500" aria-hidden="true" />}
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{e.organization.name}</p>
                {e.organization.website && (
                  <a href={e.organization.website} className="text-sm text-indigo-600 hover:underline" rel="noopener noreferrer" target="_blank">
                    Website
                  </a>
                )}
              </div>
            </div>
            {links.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-2">
                {links.map(([name, url]) => (
                  <li key={name}>
                    <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 rounded-md border border-slate-200 px-2 py-1 text-xs capitalize text-slate-700 hover:bg-slate-50">
                      <Globe className="size-3.5" aria-hidden="true" />
                      {name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </aside>
      </div>
    </div>
  );
}
