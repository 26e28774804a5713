import { AtSign, BriefcaseBusiness, GitBranch, Globe, GraduationCap, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../ui/Card';
import type { Profile } from '../users/types';

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

export function SkillsCard({ profile }: { profile: Profile }) {
  return (
    <SideCard title="Skills & Expertise">
      {profile.skills?.length ? (
        <ul className="flex flex-wrap gap-2">
          {profile.skills.map((skill) => (
            <li key={skill} className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700">
              {skill}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No skills listed yet.</p>
      )}
    </SideCard>
  );
}

export function SocialLinksCard({ profile }: { profile: Profile }) {
  const links = [
    { label: 'GitHub', href: profile.socialLinks?.github, icon: <GitBranch className="size-4" aria-hidden="true" /> },
    { label: 'LinkedIn', href: profile.socialLinks?.linkedin, icon: <BriefcaseBusiness className="size-4" aria-hidden="true" /> },
    { label: 'Twitter', href: profile.socialLinks?.twitter, icon: <AtSign className="size-4" aria-hidden="true" /> },
    { label: 'Website', href: profile.website, icon: <Globe className="size-4" aria-hidden="true" /> },
  ].filter((link): link is typeof link & { href: string } => Boolean(link.href));
  const safe = (href: string) => (/^https?:\/\//i.test(href) ? href : `https://${href}`);
  return (
    <SideCard title="Social Links">
      {links.length ? (
        <ul className="space-y-2">
          {links.map((link) => (
            <li key={link.label}>
              <a
                href={safe(link.href)}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-indigo-600"
              >
                <span className="text-slate-400">{link.icon}</span>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No social links yet.</p>
      )}
    </SideCard>
  );
}

/** College, course and year; nothing when none of them is filled in. */
export function EducationCard({ profile }: { profile: Profile }) {
  if (!(profile.college || profile.course || profile.branch || profile.collegeYear)) return null;
  return (
    <SideCard title="Education">
      <div className="flex gap-3 text-sm">
        <GraduationCap className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        <div>
          {profile.college && <p className="font-medium text-slate-900">{profile.college}</p>}
          <p className="text-slate-600">{[profile.course, profile.branch].filter(Boolean).join(', ')}</p>
          {profile.collegeYear && <p className="text-slate-500">{profile.collegeYear}</p>}
        </div>
      </div>
    </SideCard>
  );
}

/** The e-mail stays private; a signed-in stranger who is not connected is told how to reach them. */
export function ContactCard({ profile, isOwn, suggestConnecting }: { profile: Profile; isOwn: boolean; suggestConnecting: boolean }) {
  return (
    <SideCard title="Contact">
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Mail className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span>
          {isOwn ? 'Your email is private: other people cannot see it.' : `${profile.firstName || profile.username}'s email is private.`}
          {suggestConnecting && ' Connect to send a message.'}
        </span>
      </p>
    </SideCard>
  );
}
