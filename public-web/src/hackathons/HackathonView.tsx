import type { ReactNode } from 'react';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { EventDetails, Organiser } from './DetailAside';
import { Announcements, Eligibility, Faqs, Mentors, Prizes, Reviews, RichText, Section, Sponsors } from './DetailSections';
import { Banner, PhaseBadge } from './HackathonCard';
import { CATEGORY_LABELS } from './labels';
import { ReviewsSection } from './reviews/ReviewsSection';
import { LatestAnnouncements } from './announcements/LatestAnnouncements';
import { CommunityChatSection } from '../community';
import { ProjectEntryLinks } from './projects/ProjectEntryLinks';

interface HackathonViewProps {
  hackathon: Hackathon;
  /** Save, share and edit; the preview has none. */
  actions?: ReactNode;
  /** Review state notes under the title. */
  notes?: ReactNode;
  /** The registration card (the preview shows an inert one). */
  registration: ReactNode;
  /** The preview sits under the form's own h1, and its listing has no page to link to yet. */
  preview?: boolean;
}

/**
 * A hackathon's page: the detail screen and the form's Preview both draw it, so what an organiser
 * previews is what participants will see. On a phone the registration card comes right after the
 * title rather than below every section.
 */
export function HackathonView({ hackathon: h, actions, notes, registration, preview = false }: HackathonViewProps) {
  const Title = preview ? 'h2' : 'h1';
  const full = h.currentParticipants >= h.maxParticipants;
  const ids = (name: string) => (preview ? `preview-${name}` : name);
  return (
    <>
      <Banner src={h.images.banner} title={h.title || 'Untitled'} className="h-40 w-full rounded-2xl sm:h-64" eager />
      <header className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="mb-2 flex flex-wrap gap-2">
            <PhaseBadge hackathon={h} />
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{h.displayStatus}</span>
            {full && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">Full</span>}
            {h.categories.map((c) => (
              <span key={c} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700">
                {CATEGORY_LABELS[c] ?? c}
              </span>
            ))}
          </div>
          <Title className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{h.title || 'Untitled hackathon'}</Title>
          {h.shortDescription && <p className="mt-1 break-words text-slate-600">{h.shortDescription}</p>}
          {notes}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </header>

      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="space-y-6 lg:col-start-3 lg:row-start-1">
          {registration}
          {!preview && <ProjectEntryLinks hackathon={h} />}
          <EventDetails hackathon={h} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Section id={ids('about')} title="About">
            <RichText html={h.description} empty="The organiser has not described this hackathon yet." />
          </Section>
          <Section id={ids('prizes')} title="Prizes">
            <Prizes prizes={h.prizes} />
          </Section>
          <Section id={ids('faqs')} title="FAQs">
            <Faqs faqs={h.faqs} />
          </Section>
          <Section id={ids('eligibility')} title="Eligibility">
            <Eligibility hackathon={h} />
          </Section>
          <Section id={ids('mentors')} title="Mentors">
            <Mentors mentors={h.mentors} />
          </Section>
          <Section id={ids('sponsors')} title="Sponsors">
            <Sponsors sponsors={h.sponsors} />
          </Section>
          <Section id={ids('reviews')} title="Reviews">
            {preview ? <Reviews hackathon={h} /> : <ReviewsSection hackathon={h} />}
          </Section>
          <Section id={ids('announcements')} title="Announcements">
            {preview ? <Announcements /> : <LatestAnnouncements hackathonId={h.id} username={h.username} />}
          </Section>
          <Section id={ids('community')} title="Community Chat">
            <CommunityChatSection hackathon={h} preview={preview} />
          </Section>
        </div>
        <div className="lg:col-start-3 lg:row-start-2">
          <Organiser hackathon={h} />
        </div>
      </div>
    </>
  );
}
