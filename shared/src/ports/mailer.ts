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
  attachments?: MailAttachment[];
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
