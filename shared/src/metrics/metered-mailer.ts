import type { Mail, Mailer } from '../ports/mailer';
import type { Metrics } from './metrics';

/**
 * Counts the mails handed to the mailer by outcome and keeps the number under way: the mail process managers send
 * straight from the feed, so a mail server that hangs shows as mails in flight, one that refuses as failures.
 */
export class MeteredMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly metrics: Metrics,
  ) {}

  async send(mail: Mail): Promise<void> {
    this.metrics.mailsInFlight.inc();
    try {
      await this.inner.send(mail);
      this.metrics.mails.inc({ outcome: 'sent' });
    } catch (error) {
      this.metrics.mails.inc({ outcome: 'failed' });
      throw error;
    } finally {
      this.metrics.mailsInFlight.dec();
    }
  }
}
