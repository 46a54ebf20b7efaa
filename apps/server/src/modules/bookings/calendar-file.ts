/**
 * A calendar file (RFC 5545 iCalendar) for booked sessions: "Add to calendar" on the confirmation
 * page and the attachment of the confirmation email. Times are written in UTC (`Z`), so no time
 * zone definition is needed and every calendar shows the local time correctly.
 */

export interface CalendarEvent {
  /** globally unique and stable for the booking, so importing it twice updates one event */
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  location: string;
  description: string;
}

/** 20261124T180000Z */
export function icsTime(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * Lines longer than 75 octets are folded: CRLF then one space (RFC 5545 §3.1). Octets, not
 * characters, and never inside a multi-byte UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole file, CRLF line ends, one VEVENT per booking. */
export function calendarFile(input: { operatorName: string; now: Date; events: CalendarEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Lido//${icsText(input.operatorName)} bookings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...input.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${icsTime(input.now)}`,
      `DTSTART:${icsTime(event.startsAt)}`,
      `DTEND:${icsTime(event.endsAt)}`,
      `SUMMARY:${icsText(event.summary)}`,
      `LOCATION:${icsText(event.location)}`,
      `DESCRIPTION:${icsText(event.description)}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
