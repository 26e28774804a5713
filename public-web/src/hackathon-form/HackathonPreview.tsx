import { CATEGORY_LABELS, formatDateTime, LOCATION_LABELS, money } from '../hackathons/labels';
import { Faqs, Prizes, RichText, Section } from '../hackathons/DetailSections';
import { Banner } from '../hackathons/HackathonCard';
import { toRequest, type FormState } from './formState';

/** The listing as its page will show it (Preview). */
export function HackathonPreview({ form }: { form: FormState }) {
  const f = toRequest(form);
  return (
    <div className="space-y-6">
      <Banner src={f.images.banner} title={f.title || 'Untitled'} className="h-48 w-full rounded-2xl" />
      <div>
        <div className="mb-2 flex flex-wrap gap-2">
          {f.categories.map((c) => (
            <span key={c} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700">
              {CATEGORY_LABELS[c]}
            </span>
          ))}
        </div>
        <h2 className="text-3xl font-bold text-slate-900">{f.title || 'Untitled hackathon'}</h2>
        <p className="mt-1 text-slate-600">{f.shortDescription}</p>
        <p className="mt-2 text-sm text-slate-600">
          {[LOCATION_LABELS[f.location.type] ?? '', f.location.city, f.location.state, f.location.country].filter(Boolean).join(', ')}
          {f.dates.startDate && ` · starts ${formatDateTime(f.dates.startDate)}`}
          {' · '}
          {f.pricing.type === 'paid' && f.pricing.amount > 0 ? `${money(f.pricing.amount, f.pricing.currency)} per team` : 'Free'}
        </p>
      </div>
      <Section id="preview-about" title="About">
        <RichText html={f.description} />
      </Section>
      <Section id="preview-prizes" title="Prizes">
        <Prizes prizes={f.prizes} />
      </Section>
      <Section id="preview-eligibility" title="Eligibility">
        <RichText html={f.eligibilityCriteria} />
      </Section>
      <Section id="preview-faqs" title="FAQs">
        <Faqs faqs={f.faqs} />
      </Section>
    </div>
  );
}
