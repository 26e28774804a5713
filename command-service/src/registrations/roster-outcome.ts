import type { RosterEvent, RosterState } from './roster-definition';

/**
 * The events of one roster decision, each folded as it is added, so a later rule sees the earlier
 * ones (a place freed and offered to the line in the same append).
 */
export class Outcome<Profile, Own, Event extends RosterEvent> {
  readonly events: Event[] = [];

  constructor(
    public state: RosterState<Profile, Own>,
    private readonly evolve: (state: RosterState<Profile, Own>, event: Event) => RosterState<Profile, Own>,
    private readonly listing: { key: string; id: string },
    private readonly at: string,
  ) {}

  add(event: Event): this {
    this.events.push(event);
    this.state = this.evolve(this.state, event);
    return this;
  }

  /** An event of the kind's, with the listing, `fields` and the time. */
  write(type: Event['type'], fields: object): this {
    // The kind names the type and the core fills in its fields; the catalogue's schema checks the pair at append.
    const event = { type, data: { [this.listing.key]: this.listing.id, ...fields, at: this.at } } as Event;
    return this.add(event);
  }
}
