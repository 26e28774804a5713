import crypto from 'node:crypto';
import type { CommandContext } from '@circuit/shared/commands/decider';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import type { Logger } from '@circuit/shared/logger';
import type { CommunityService } from './community-service';

/** A conversation to replay: [speaker (0: the organiser, n: the n-th participant), text, index of the message answered]. */
const SCRIPT: [number, string, number?][] = [
  [0, 'Welcome to the community chat! Introduce yourselves: who you are, what you like to build, and whether you are looking for a team.'],
  [1, 'Hi all! Final-year CSE, mostly React and Node. Looking for a designer and someone who likes data.'],
  [2, 'Hey! I do Python and some ML. Happy to team up if the idea is fun.', 1],
  [3, 'Designer here (Figma, a bit of front-end). Count me in if there is room.', 1],
  [1, 'Perfect, let us make a team tonight. I will share the code here.'],
  [4, 'Is the venue Wi-Fi good enough for Docker pulls, or should we pre-download images?'],
  [0, 'Pre-download to be safe. The Wi-Fi is fine but 200 people pulling at once is not.', 5],
  [5, 'What time does check-in open on day one?'],
  [0, 'Check-in opens at 8:30 am, opening talk at 9:30. Breakfast is served from 8:30 too.', 7],
  [2, 'Are we allowed to use pre-trained models, or must everything be trained during the event?'],
  [0, 'Pre-trained models and open datasets are fine; say which ones in your README.', 9],
  [3, 'Is there a theme we should design around, or is it open?'],
  [4, 'Open within the tracks on the page, as far as I understood.', 11],
  [1, 'Our team is full now, thanks everyone. Good luck to the rest!'],
  [5, 'Still looking for one backend person. Go or Node, either is fine.'],
  [2, 'Anyone else arriving by the early train? We could share a cab from the station.'],
  [4, 'Me! Coach S4, see you at the exit.', 15],
  [0, 'Reminder: submissions close at 6 pm on the last day. Demo videos can be up to two minutes.'],
  [3, 'Can the demo video be a screen recording with voice-over?', 17],
  [0, 'Yes, that is exactly what most teams do.', 18],
  [5, 'Found our backend person. This chat works!'],
  [1, 'Mentor office hours are on the schedule page, by the way: 2 to 4 pm both days.'],
  [2, 'Thanks! See everyone on Saturday.'],
];

/** The same id for the same line of the same hackathon: a seed run again stores nothing twice. */
const seedClientId = (hackathonId: string, line: number) => {
  const hex = crypto.createHash('sha256').update(`seed-community\n${hackathonId}\n${line}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * A busy community chat on the first few hackathons that have registered participants: the
 * organiser welcomes everyone, participants talk and reply to each other, the first participant
 * becomes a community admin. Idempotent: every line has a fixed client message id, and an admin
 * already added is left as is.
 */
export async function seedCommunityChats(
  deps: { community: CommunityService; log?: Logger },
  hackathons: { hackathonId: string }[],
  options: { chats?: number } = {},
  ctx: CommandContext = { correlationId: 'seed' },
): Promise<{ chats: number; messages: number }> {
  const result = { chats: 0, messages: 0 };
  for (const { hackathonId } of hackathons) {
    if (result.chats >= (options.chats ?? 3)) break;
    const cast = await deps.community.speakers(hackathonId);
    if (!cast || cast.participants.length < 3) continue;
    const { organiser, participants } = cast;
    const speakers = [organiser, ...participants];
    const ids: string[] = [];
    for (const [line, [speaker, text, answers]] of SCRIPT.entries()) {
      const userId = speakers[speaker % speakers.length]!;
      const replyTo = answers === undefined ? null : (ids[answers] ?? null);
      const { message } = await deps.community.post(hackathonId, userId, { message: text, replyTo, clientMessageId: seedClientId(hackathonId, line) }, { ...ctx, userId });
      ids.push(message._id);
      result.messages++;
    }
    try {
      await deps.community.moderate('AddAdmin', hackathonId, organiser, participants[0]!, { ...ctx, userId: organiser });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    result.chats++;
  }
  deps.log?.info(result, 'seeded community chats');
  return result;
}
