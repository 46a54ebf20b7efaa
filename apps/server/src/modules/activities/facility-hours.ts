import type { SessionRow } from './activities.repository.ts';

/**
 * What the timetable lists: a session as it is, or a facility's hour (decision 0028: one session
 * per court, capacity 1 each) as one entry counting its free courts. The entry's `row` is the
 * session an "Add to basket" names: for a facility hour a free court's, since adding books any
 * free court of that activity, venue and time.
 */
export interface TimetableEntry {
  row: SessionRow;
  capacity: number;
  spacesLeft: number;
  cancelled: boolean;
  onlineBookingEnabled: boolean;
  location: { name: string; kind: string };
}

function single(row: SessionRow): TimetableEntry {
  const { session } = row;
  return {
    row,
    capacity: session.capacity,
    spacesLeft: Math.max(0, session.capacity - session.taken),
    cancelled: session.cancelled,
    onlineBookingEnabled: session.onlineBookingEnabled,
    location: { name: row.location.name, kind: row.location.kind },
  };
}

/** "Court 3"; "Court 1, Court 2 and Court 4"; "Courts 1 to 6" when the names only count up. */
function courtsName(names: string[]): string {
  const sorted = [...new Set(names)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (sorted.length <= 1) return sorted[0] ?? '';
  if (sorted.length <= 3) return `${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`;
  const numbered = sorted.map((name) => /^(.*\S)\s+(\d+)$/.exec(name));
  const prefix = numbered[0]?.[1];
  if (prefix && numbered.every((match) => match?.[1] === prefix))
    return `${prefix}s ${numbered[0]![2]} to ${numbered.at(-1)![2]}`;
  return `${sorted[0]} to ${sorted.at(-1)}`;
}

function facilityHour(rows: SessionRow[]): TimetableEntry {
  const live = rows.filter((row) => !row.session.cancelled);
  const online = live.filter((row) => row.session.onlineBookingEnabled);
  const free = online.filter((row) => row.session.taken < row.session.capacity);
  const row = free[0] ?? online[0] ?? live[0] ?? rows[0]!;
  const courts = live.length > 0 ? live : rows;
  return {
    row,
    capacity: courts.length,
    spacesLeft: free.length,
    cancelled: live.length === 0,
    onlineBookingEnabled: online.length > 0,
    location: { name: courtsName(courts.map((court) => court.location.name)), kind: row.location.kind },
  };
}

/** The rows as timetable entries, in the rows' order (a facility hour where its first court was). */
export function timetableEntries(rows: SessionRow[]): TimetableEntry[] {
  const hours = new Map<string, SessionRow[]>();
  const order: (SessionRow | string)[] = [];
  for (const row of rows) {
    if (row.activity.kind !== 'facility') {
      order.push(row);
      continue;
    }
    const key = `${row.activity.id}|${row.session.startsAt.getTime()}`;
    const courts = hours.get(key);
    if (courts) courts.push(row);
    else {
      hours.set(key, [row]);
      order.push(key);
    }
  }
  return order.map((item) => (typeof item === 'string' ? facilityHour(hours.get(item)!) : single(item)));
}
