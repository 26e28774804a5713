import type { Knex } from 'knex';
import type { EventStore } from '../ports/event-store';
import { masterKeyFrom, type MasterKey } from './master-key';
import { PersonalDataCodec } from './personal-data-codec';
import { PersonalDataEventStore } from './personal-data-event-store';
import { PersonalFields } from './personal-fields';
import { SubjectKeys } from './subject-keys';

/** The event store every service uses: the adapter inside crypto-shredding (docs/personal-data.md). */
export async function withPersonalData(
  inner: EventStore,
  knex: Knex,
  config: { PERSONAL_DATA_MASTER_KEY?: string },
  options: { master?: MasterKey; now?: () => number } = {},
): Promise<PersonalDataEventStore> {
  const keys = await SubjectKeys.create(knex, options.master ?? masterKeyFrom(config), { now: options.now });
  return new PersonalDataEventStore(inner, new PersonalDataCodec(PersonalFields, keys));
}
