export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail extends Mail {
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The dev mailbox also answers what it holds (GET /dev/mailbox). */
export interface Mailbox {
  list(filter?: { to?: string }): Promise<SentMail[]>;
}
