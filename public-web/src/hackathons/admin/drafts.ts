import type { Announcement } from '@circuit/shared/api/hackathon-announcements';
import type { AnnouncementType } from '@circuit/shared/hackathons/options';
import { AnnouncementFormSchema, announcementViolation, type AnnouncementFormInput } from '@circuit/shared/validation/hackathon-announcements';

/** The announcement form as typed: numbers stay text until they are sent. */
export interface MemberDraft {
  name: string;
  email: string;
  role: string;
}
export interface WinnerDraft {
  rank: string;
  track: string;
  teamName: string;
  projectName: string;
  projectDescription: string;
  prize: string;
  teamMembers: MemberDraft[];
  pptLink: string;
  videoLink: string;
}
export interface AwardDraft {
  category: string;
  teamName: string;
  projectName: string;
  description: string;
}
export interface AnnouncementDraft {
  type: AnnouncementType;
  title: string;
  content: string;
  winners: WinnerDraft[];
  specialAwards: AwardDraft[];
}

export const emptyWinner = (rank: number): WinnerDraft => ({ rank: String(rank), track: '', teamName: '', projectName: '', projectDescription: '', prize: '', teamMembers: [], pptLink: '', videoLink: '' });
export const emptyAward = (): AwardDraft => ({ category: '', teamName: '', projectName: '', description: '' });
export const emptyDraft = (): AnnouncementDraft => ({ type: 'general', title: '', content: '', winners: [], specialAwards: [] });

export function draftOf(a: Announcement): AnnouncementDraft {
  return {
    type: a.type,
    title: a.title,
    content: a.content,
    winners: a.results.winners.map((w) => ({ ...w, rank: String(w.rank), teamMembers: w.teamMembers.map((m) => ({ ...m })) })),
    specialAwards: a.results.specialAwards.map((s) => ({ ...s })),
  };
}

export function formOf(draft: AnnouncementDraft): AnnouncementFormInput {
  return {
    type: draft.type,
    title: draft.title,
    content: draft.content,
    results: draft.type === 'results' ? { winners: draft.winners, specialAwards: draft.specialAwards } : { winners: [], specialAwards: [] },
  };
}

/** The message the server would answer first, checked before sending (the same rules, shared). */
export function draftViolation(draft: AnnouncementDraft): string | null {
  const parsed = AnnouncementFormSchema.safeParse(formOf(draft));
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please check the form';
  return announcementViolation(parsed.data);
}
