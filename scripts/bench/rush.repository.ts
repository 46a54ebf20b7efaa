import pg from 'pg';

/**
 * The benchmark's SQL (kept apart like the server's repositories, decision 0022): a fresh database
 * to run on, the places it releases, the customers it signs up, and the count afterwards.
 */

export interface Released {
  venueSlug: string;
  categoryKey: string;
  activityId: number;
  priceId: number;
  sessionIds: number[];
  /** the sessions' local date, for the timetable's `from` */
  date: string;
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** The server's own database, made empty for this run and dropped after it. */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

export async function dropBenchDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Answers when PostgreSQL is reachable at `url`, or throws with why not. */
export async function ping(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  await client.query('SELECT 1');
  await client.end();
}

export function benchRepository(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return {
    name: databaseName(url),
    /**
     * `sessions` sessions of `capacity` places each, the day after tomorrow at one centre, every
     * band's window wide open: what a swim-lesson release puts on sale at 08:00.
     */
    async releasePlaces(sessions: number, capacity: number): Promise<Released> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const venue = await client.query<{ id: number; slug: string }>(
          `SELECT id, slug FROM venues WHERE activities_v2_enabled ORDER BY id LIMIT 1`,
        );
        const { id: venueId, slug } = venue.rows[0]!;
        const category = await client.query<{ id: number }>(
          `INSERT INTO activity_categories (key, name, position) VALUES ('bench-rush', 'Rush lessons', 99) RETURNING id`,
        );
        const activity = await client.query<{ id: number }>(
          `INSERT INTO activities (key, category_id, name, description)
           VALUES ('bench-rush-lessons', $1, 'Swimming lessons (rush)', 'Places released for the benchmark.') RETURNING id`,
          [category.rows[0]!.id],
        );
        const activityId = activity.rows[0]!.id;
        const price = await client.query<{ id: number }>(
          `INSERT INTO activity_prices (activity_id, band, price_pence, booking_window_days)
           VALUES ($1, 'adult', 500, 30), ($1, 'junior', 300, 30), ($1, 'concession', 350, 30)
           RETURNING id`,
          [activityId],
        );
        const location = await client.query<{ id: number }>(
          `INSERT INTO activity_locations (venue_id, key, name, kind) VALUES ($1, 'bench-pool', 'Teaching pool', 'pool') RETURNING id`,
          [venueId],
        );
        const inserted = await client.query<{ id: number; date: string }>(
          `INSERT INTO activity_sessions (activity_id, venue_id, location_id, starts_at, ends_at, capacity, instructor)
           SELECT $1, $2, $3, day + make_interval(mins => 30 * n), day + make_interval(mins => 30 * n + 30), $4, 'Rush coach'
             FROM generate_series(0, $5 - 1) AS n,
                  (SELECT date_trunc('day', now()) + interval '2 days 7 hours' AS day) d
           RETURNING id, to_char(starts_at, 'YYYY-MM-DD') AS date`,
          [activityId, venueId, location.rows[0]!.id, capacity, sessions],
        );
        await client.query('COMMIT');
        return {
          venueSlug: slug,
          categoryKey: 'bench-rush',
          activityId,
          priceId: price.rows[0]!.id,
          sessionIds: inserted.rows.map((row) => row.id),
          date: inserted.rows[0]!.date,
        };
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },

    /** `count` adult customers sharing one password hash (hashing 2,000 times would only time argon2). */
    async signUpCustomers(count: number, passwordHash: string): Promise<string[]> {
      const rows = await pool.query<{ reference: string }>(
        `INSERT INTO customers (operator_id, reference, email, password_hash, first_name, last_name, date_of_birth)
         SELECT (SELECT id FROM operators ORDER BY id LIMIT 1), 'C' || nextval('customer_reference_seq')::text,
                'rush.' || n || '@example.org', $1, 'Rush', 'Customer ' || n, DATE '1985-06-15'
           FROM generate_series(1, $2) AS n
         RETURNING reference`,
        [passwordHash, count],
      );
      return rows.rows.map((row) => row.reference);
    },

    /** An announced opening of the released sessions (issue 39): its waiting room opens `lobbySeconds` before. */
    async announceOpening(released: Released, opensAt: Date, lobbySeconds: number): Promise<number> {
      const result = await pool.query<{ id: number }>(
        `INSERT INTO booking_openings (name, lobby_opens_at, opens_at, gate_ends_at, activity_id, sessions_from, sessions_to)
         VALUES ('Swimming lessons, next term', $1::timestamptz - make_interval(secs => $3), $1::timestamptz,
                 $1::timestamptz + interval '1 hour', $2, $4::date, $4::date)
         RETURNING id`,
        [opensAt.toISOString(), released.activityId, lobbySeconds, released.date],
      );
      return result.rows[0]!.id;
    },

    /** What the database says was taken: the figures the run is judged by. */
    async count(released: Released) {
      const result = await pool.query<{
        capacity: number;
        taken: number;
        lines: number;
        places_in_lines: number;
        mismatched_sessions: number;
        over_capacity: number;
        customers_twice: number;
      }>(
        `WITH held AS (
           SELECT session_id, sum(quantity)::int AS places FROM cart_booking_lines
            WHERE session_id = ANY($1::int[]) GROUP BY session_id)
         SELECT sum(s.capacity)::int AS capacity, sum(s.taken)::int AS taken,
                (SELECT count(*)::int FROM cart_booking_lines WHERE session_id = ANY($1::int[])) AS lines,
                coalesce(sum(h.places), 0)::int AS places_in_lines,
                count(*) FILTER (WHERE s.taken <> coalesce(h.places, 0))::int AS mismatched_sessions,
                count(*) FILTER (WHERE s.taken > s.capacity)::int AS over_capacity,
                (SELECT count(*)::int FROM (
                   SELECT c.customer_id FROM cart_booking_lines l JOIN carts c ON c.id = l.cart_id
                    WHERE l.session_id = ANY($1::int[]) GROUP BY c.customer_id HAVING sum(l.quantity) > 1) twice
                ) AS customers_twice
           FROM activity_sessions s LEFT JOIN held h ON h.session_id = s.id
          WHERE s.id = ANY($1::int[])`,
        [released.sessionIds],
      );
      return result.rows[0]!;
    },

    async close(): Promise<void> {
      await pool.end();
    },
  };
}
