/** Sends email now. Services queue theirs in the outbox (modules/email); its sender uses one of these. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}
