import type { Config } from '../config';
import type { Knex } from '../db/knex';
import type { EventStore } from '../ports/event-store';
import type { Bus } from '../ports/bus';
import type { Mailbox, Mailer } from '../ports/mailer';
import type { Logger } from '../logger';
import { PostgresEventStore } from './event-store/postgres-event-store';
import { withPersonalData } from '../personal-data/personal-data';
import type { PersonalDataEventStore } from '../personal-data/personal-data-event-store';
import { InProcessBus } from './bus/in-process-bus';
import { DevMailbox } from './mailer/dev-mailbox';
import { SmtpMailer } from './mailer/smtp-mailer';

/**
 * Adapter choice from configuration (docs/decisions.md#d9-one-codebase-three-runtime-modes-adapters-behind-ports), for the composition roots:
 * EVENTSTORE_URL -> EventStoreDB, else the Postgres adapter on the process's database, either inside crypto-shredding;
 * KAFKA_BROKERS -> Kafka, else LISTEN/NOTIFY on a real Postgres, else in-process;
 * SMTP_URL -> SMTP, else the dev mailbox.
 */
export async function selectEventStore(config: Config, knex: Knex, log?: Logger): Promise<PersonalDataEventStore> {
  return withPersonalData(await selectEventStoreAdapter(config, knex, log), knex, config);
}

/** The adapter alone, without crypto-shredding: for tools that move stored events as they are (the personal data migration). */
export async function selectEventStoreAdapter(config: Config, knex: Knex, log?: Logger): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { KurrentDbEventStore } = await import('./event-store/kurrentdb-event-store');
    return KurrentDbEventStore.connect(config.EVENTSTORE_URL);
  }
  return PostgresEventStore.create(knex, { log });
}

export async function selectBus(config: Config): Promise<Bus> {
  if (config.KAFKA_BROKERS) {
    const { KafkaBus } = await import('./bus/kafka-bus');
    return KafkaBus.connect({ brokers: config.KAFKA_BROKERS.split(','), clientId: 'circuit', groupSessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS });
  }
  if (config.DATABASE_URL) {
    const { PostgresNotifyBus } = await import('./bus/postgres-notify-bus');
    return PostgresNotifyBus.connect(config.DATABASE_URL);
  }
  return new InProcessBus();
}

export async function selectMailer(config: Config, knex: Knex, log?: Logger): Promise<{ mailer: Mailer; mailbox?: Mailbox }> {
  if (config.SMTP_URL) return { mailer: new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) };
  if (config.NODE_ENV === 'production') {
    // Nobody can read the dev mailbox in production: sign-up codes and reset links would go nowhere.
    log?.warn('SMTP_URL is not set: mail is kept in the database and never delivered; set SMTP_URL to send it');
  }
  const mailbox = await DevMailbox.create(knex);
  return { mailer: mailbox, mailbox };
}

/** Running a service on its own needs a database the other services can reach too. */
export function requireDatabaseUrl(config: Config, service: string): string {
  if (!config.DATABASE_URL) {
    throw new Error(`DATABASE_URL is required to run the ${service} on its own (npm start runs every service in one process without it).`);
  }
  return config.DATABASE_URL;
}
