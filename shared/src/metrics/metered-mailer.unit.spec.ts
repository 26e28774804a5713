import { describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../ports/mailer';
import { createMetrics } from './metrics';
import { MeteredMailer } from './metered-mailer';

const mail: Mail = { to: 'ada@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

/** A mail server that answers each send when told to. */
function heldMailer() {
  const answers: { accept(): void; refuse(): void }[] = [];
  const mailer: Mailer = { send: () => new Promise<void>((accept, reject) => answers.push({ accept, refuse: () => reject(new Error('550 mailbox unavailable')) })) };
  return { mailer, answers };
}

describe('MeteredMailer', () => {
  it('counts mails in flight until the server answers, then as sent or failed; a failure still reaches the sender', async () => {
    const metrics = createMetrics('test');
    const { mailer, answers } = heldMailer();
    const metered = new MeteredMailer(mailer, metrics);
    const counts = async () => ({
      inFlight: (await metrics.mailsInFlight.get()).values[0]?.value,
      ...Object.fromEntries((await metrics.mails.get()).values.map((v) => [v.labels.outcome, v.value])),
    });
    const sends = [metered.send(mail), metered.send(mail)];
    expect(await counts()).toEqual({ inFlight: 2 });
    answers[0]!.accept();
    answers[1]!.refuse();
    await expect(sends[0]).resolves.toBeUndefined();
    await expect(sends[1]).rejects.toThrow('550');
    expect(await counts()).toEqual({ inFlight: 0, sent: 1, failed: 1 });
  });
});
