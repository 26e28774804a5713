import { reservationStreamOf, type ReservationKind } from '@circuit/shared/events/accounts';
import { masterKeyFrom, type MasterKey } from '@circuit/shared/personal-data/master-key';

/** The stream of a reservation; e-mail and OAuth ones are named by the master key's blind index (docs/personal-data.md). */
export type ReservationStreams = (kind: ReservationKind, value: string) => Promise<string>;

const masters = new WeakMap<object, MasterKey>();

/** Reservation streams as the configured master key names them: the same for every service and the migration. */
export function reservationStreams(config: { PERSONAL_DATA_MASTER_KEY?: string }): ReservationStreams {
  let master = masters.get(config);
  if (!master) masters.set(config, (master = masterKeyFrom(config)));
  const index = master;
  return (kind, value) => reservationStreamOf(kind, value, index);
}
