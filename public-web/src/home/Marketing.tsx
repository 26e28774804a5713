import { Quote } from 'lucide-react';

/** Spec 3: the home page's figures are fixed marketing text, not counts from the database. */
const FIGURES = [
  { value: '50,000+', label: 'Students and developers' },
  { value: '1,200+', label: 'Hackathons, events and quizzes hosted' },
  { value: '300+', label: 'Colleges and communities' },
  { value: '₹1 Cr+', label: 'In prizes won' },
];

/** Spec 3: three sample testimonials (sample content, not real people). */
const TESTIMONIALS = [
  {
    quote: 'We found our team on Circuit two days before the deadline and shipped a working prototype by Sunday night. We won second place.',
    name: 'Priya S.',
    role: 'Computer Science student',
  },
  {
    quote: 'Running our college quiz used to take a spreadsheet and three volunteers. Now registrations, payments and the leaderboard are in one place.',
    name: 'Arjun M.',
    role: 'Tech club organiser',
  },
  {
    quote: 'My Circuit profile shows every project I built at a hackathon. It is the link I now send with every internship application.',
    name: 'Sara K.',
    role: 'Full-stack developer',
  },
];

export function MarketingFigures() {
  return (
    <section aria-labelledby="figures-heading" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="figures-heading" className="sr-only">
          Circuit in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {FIGURES.map((f) => (
            <div key={f.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-slate-600">{f.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-indigo-700 sm:text-4xl">{f.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="below-fold mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id="testimonials-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        What our community says
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name} className="flex">
            <figure className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Quote className="size-6 text-indigo-400" aria-hidden="true" />
              <blockquote className="mt-4 flex-1 text-slate-700">
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className="mt-6">
                <p className="font-semibold text-slate-900">{t.name}</p>
                <p className="text-sm text-slate-600">{t.role}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
