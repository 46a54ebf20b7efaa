/** Sends email now. Services queue theirs in the outbox (modules/email); its sender uses one of these. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** files sent with it, such as a booking's calendar entry */
  attachments?: EmailAttachment[];
}

/** A file sent with an email; its content base64, so it survives the outbox's JSON column. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}
