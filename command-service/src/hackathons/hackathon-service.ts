import type { CommandContext } from '@circuit/shared/commands/decider';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import { refused } from '@circuit/shared/commands/domain-errors';
import { sanitizeListingHtml } from '@circuit/shared/hackathons/sanitize';
import { hackathonRuleViolations, normaliseTechnologies, withEditFallbacks, type HackathonForm } from '@circuit/shared/validation/hackathons';
import type { CommandServiceDeps } from '../context';
import { createListingService } from '../listings/listing-service';
import type { ListingState } from '../listings/listing-kind';
import { hackathonListing } from './hackathon-decider';

/** The form as stored: rules checked in the spec's order (first message answered), rich text sanitised. */
export function contentOf(form: HackathonForm, mode: 'create' | 'edit'): HackathonContent {
  const fixed = mode === 'edit' ? withEditFallbacks(form) : form;
  const [first] = hackathonRuleViolations(fixed, mode);
  if (first) throw refused(first);
  const { takeRegistrations, ...rest } = fixed;
  return {
    ...rest,
    username: fixed.username.trim(),
    description: sanitizeListingHtml(fixed.description),
    eligibilityCriteria: sanitizeListingHtml(fixed.eligibilityCriteria),
    technologies: normaliseTechnologies(fixed.technologies),
    dates: {
      startDate: new Date(fixed.dates.startDate).toISOString(),
      endDate: new Date(fixed.dates.endDate).toISOString(),
      registrationDeadline: new Date(fixed.dates.registrationDeadline).toISOString(),
    },
    takeRegistrations: takeRegistrations ? 'pending' : 'false',
  };
}

/** Hackathon listing use cases on the listing lifecycle; each answers after the read models include what it appended. */
export function createHackathonService(deps: CommandServiceDeps) {
  const listings = createListingService(deps, hackathonListing);
  const usernameOf = (state: ListingState<HackathonContent>) => state.content?.username ?? '';

  return {
    async create(userId: string, form: HackathonForm, ctx: CommandContext): Promise<{ hackathonId: string; username: string }> {
      const { id, state } = await listings.create(userId, contentOf(form, 'create'), ctx);
      return { hackathonId: id, username: usernameOf(state) };
    },
    async update(userId: string, hackathonId: string, form: HackathonForm, ctx: CommandContext): Promise<{ username: string }> {
      // The username is locked: the stored one is checked and kept, whatever the form says.
      const state = await listings.update(userId, hackathonId, (stored) => contentOf({ ...form, username: usernameOf(stored) || form.username }, 'edit'), ctx);
      return { username: usernameOf(state) };
    },
    async remove(userId: string, hackathonId: string, ctx: CommandContext): Promise<{ username: string }> {
      return { username: usernameOf(await listings.remove(userId, hackathonId, ctx)) };
    },
    approve: listings.approve,
    reject: listings.reject,
    save: listings.save,
  };
}

export type HackathonService = ReturnType<typeof createHackathonService>;
