import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { hackathonSaveStream, hackathonSlugStream, hackathonStream, type HackathonContent } from '@circuit/shared/events/hackathons';
import { refused } from '@circuit/shared/commands/domain-errors';
import { findUserRow } from '@circuit/shared/read-models/users';
import { sanitizeListingHtml } from '@circuit/shared/hackathons/sanitize';
import { hackathonRuleViolations, normaliseTechnologies, withEditFallbacks, type HackathonForm } from '@circuit/shared/validation/hackathons';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { hackathonDecider, saveDecider, slugDecider, type ActorRole, type HackathonCommand } from './hackathon-decider';

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

/** Hackathon listing use cases; each answers after the read models include what it appended. */
export function createHackathonService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function actorOf(userId: string) {
    const row = await findUserRow(deps.knex, userId);
    const role = (row?.role === 'admin' || row?.role === 'moderator' ? row.role : 'user') as ActorRole;
    return { userId, role };
  }

  async function execute(command: HackathonCommand, ctx: CommandContext) {
    const result = await handleCommand(deps.store, hackathonStream(command.hackathonId), hackathonDecider, command, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  return {
    async create(userId: string, form: HackathonForm, ctx: CommandContext): Promise<{ hackathonId: string; username: string }> {
      const content = contentOf(form, 'create');
      const hackathonId = crypto.randomUUID();
      const actor = await actorOf(userId);
      // Of two simultaneous creates with one slug, the slug stream's revision check lets one win.
      await handleCommand(deps.store, hackathonSlugStream(content.username), slugDecider, { type: 'ReserveSlug', slug: content.username, hackathonId, now: now() }, ctx, now);
      try {
        await execute({ type: 'CreateHackathon', hackathonId, actor, content, now: now() }, ctx);
      } catch (error) {
        await handleCommand(deps.store, hackathonSlugStream(content.username), slugDecider, { type: 'ReleaseSlug', slug: content.username, hackathonId, now: now() }, ctx, now);
        throw error;
      }
      return { hackathonId, username: content.username };
    },
    async update(userId: string, hackathonId: string, form: HackathonForm, ctx: CommandContext): Promise<{ username: string }> {
      const { state } = await loadState(deps.store, hackathonStream(hackathonId), hackathonDecider);
      // The username is locked: the stored one is checked and kept, whatever the form says.
      const content = contentOf({ ...form, username: state.username || form.username }, 'edit');
      const result = await execute({ type: 'UpdateHackathon', hackathonId, actor: await actorOf(userId), content, now: now() }, ctx);
      return { username: result.state.username };
    },
    async remove(userId: string, hackathonId: string, ctx: CommandContext): Promise<{ username: string }> {
      const result = await execute({ type: 'DeleteHackathon', hackathonId, actor: await actorOf(userId), now: now() }, ctx);
      const username = result.state.username;
      await handleCommand(deps.store, hackathonSlugStream(username), slugDecider, { type: 'ReleaseSlug', slug: username, hackathonId, now: now() }, ctx, now);
      return { username };
    },
    async approve(userId: string, hackathonId: string, ctx: CommandContext) {
      await execute({ type: 'ApproveHackathon', hackathonId, actor: await actorOf(userId), now: now() }, ctx);
    },
    async reject(userId: string, hackathonId: string, reason: string, ctx: CommandContext) {
      await execute({ type: 'RejectHackathon', hackathonId, actor: await actorOf(userId), reason, now: now() }, ctx);
    },
    async save(userId: string, hackathonId: string, saved: boolean, ctx: CommandContext) {
      const { state } = await loadState(deps.store, hackathonStream(hackathonId), hackathonDecider);
      const available = state.exists && !state.deleted && state.status === 'accepted';
      const result = await handleCommand(
        deps.store,
        hackathonSaveStream(hackathonId, userId),
        saveDecider,
        { type: saved ? 'Save' : 'Unsave', hackathonId, userId, available, now: now() },
        ctx,
        now,
      );
      await caughtUp(deps.progress, result.position, result.events);
    },
  };
}

export type HackathonService = ReturnType<typeof createHackathonService>;
