import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';

/**
 * The holder's choice to show their certificates as badges on their public profile,
 * `certificate-badges-<userId>`: shown until they hide them; setting what is set already appends nothing.
 */
type Event = DomainEvent<'CertificateBadgesVisibilitySet'>;
type Command = { userId: string; visible: boolean; now: Date };

export const badgeVisibilityDecider: Decider<{ visible: boolean }, Command, Event> = {
  initialState: () => ({ visible: true }),
  evolve: (state, event) => (event.type === 'CertificateBadgesVisibilitySet' ? { visible: event.data.visible } : state),
  decide: (command, state) =>
    command.visible === state.visible ? [] : [{ type: 'CertificateBadgesVisibilitySet', data: { userId: command.userId, visible: command.visible, at: command.now.toISOString() } }],
};
