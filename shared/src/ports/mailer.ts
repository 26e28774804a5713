/** A file the mail carries; with a `cid` the HTML shows it in place (`<img src="cid:...">`), as a ticket's QR code. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64. */
  content: string;
  cid?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields, by name (e.g. `List-Unsubscribe`, `List-Unsubscribe-Post`, `Message-ID`).
   * Optional: mail that must always go carries none of the unsubscribe ones.
   */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

export interface SentMail extends Mail {
  headers: Record<string, string>;
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The dev mailbox also answers what it holds (GET /dev/mailbox). */
export interface Mailbox {
  list(filter?: { to?: string }): Promise<SentMail[]>;
  /** Deletes every mail kept for an address (an erased person's, docs/personal-data.md). */
  forget(address: string): Promise<void>;
}
