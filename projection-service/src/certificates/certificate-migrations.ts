import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { createIndexes, createTable, flags, instants, optionalInstants, optionalText, text, textKey } from '../table-columns';

/** The certificates read models (owned by certificates-projection.ts), on their own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_certificates',
    up: async (k) => {
      // What each certificate printed, for the lists, the PDF and the badges; the verification reads the events themselves.
      await createTable(
        k,
        'certificates',
        textKey('certificate_id'),
        text('listing_kind', 'listing_id', 'holder_id', 'kind', 'holder_name', 'listing_title', 'listing_path', 'organiser_id', 'organiser_name'),
        instants('listing_date', 'issued_at'),
        optionalText('prize', 'revoke_reason'),
        optionalInstants('revoked_at'),
        (t) => void t.integer('rank'),
      );
      await createIndexes(k, ['create index certificates_holder_idx on certificates (holder_id)', 'create index certificates_listing_idx on certificates (listing_kind, listing_id)']);
      // A row only for those who chose: no row is "shown".
      await createTable(k, 'certificate_badge_settings', textKey('user_id'), flags('hidden'));
    },
  },
];

export async function migrateCertificateReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_certificates', migrations);
}
