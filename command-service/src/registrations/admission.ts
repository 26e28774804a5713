import { conflict } from '@circuit/shared/commands/domain-errors';

/** A listing that takes registrations until a deadline: hackathons and events (their HackathonInfo and EventInfo). */
export interface DeadlineListing {
  status: 'pending' | 'accepted' | 'rejected';
  /** The organiser's registration agreement: 'pending' awaits the platform, 'true' is ticked too. */
  takeRegistrations: 'false' | 'pending' | 'true';
  registrationDeadline: string;
}

/** Accepted, the agreement ticked, and the deadline not passed by the server's clock (`now`); the kind's words when not. */
export function assertTakingRegistrations(listing: DeadlineListing, now: Date, messages: { notOpen: string; deadlinePassed: string }): void {
  const ticked = listing.takeRegistrations === 'pending' || listing.takeRegistrations === 'true';
  if (listing.status !== 'accepted' || !ticked) throw conflict(messages.notOpen);
  const deadline = Date.parse(listing.registrationDeadline);
  if (!Number.isFinite(deadline) || now.getTime() > deadline) throw conflict(messages.deadlinePassed);
}
