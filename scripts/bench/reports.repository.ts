import pg from 'pg';

/**
 * The reports benchmark's SQL (kept apart like the server's repositories, decision 0022): a year of
 * a 20-centre operator made set-based in the database, about 500,000 bookings, 40,000 members and
 * 1,000,000 payments (orders and Direct Debit collections), then counted. Every id is given here
 * (the sequences are moved past them at the end) so the steps can refer to each other's rows
 * without reading them back. `random()` follows `setseed`, so one run's data is the next run's.
 */

/** The year the data covers: every session, order and collection falls in it. */
export const dataYear = 2025;
export const centreCount = 20;
/** Members today (customers 1..40,000); then former members; then pay-as-you-go customers. */
const members = 40_000;
const formerMembers = 6_000;
const casualCustomers = 12_000;
const customers = members + formerMembers + casualCustomers;
/** Order ids above this are not bookings' (a booking's order has the booking's id). */
const otherOrders = 10_000_000;

const y = dataYear;

/** Each step's name and its statement, run in order on one connection. */
export const generationSteps: { name: string; sql: string }[] = [
  {
    name: 'operator, centres and staff',
    sql: `
      INSERT INTO operators (id, slug, name, customer_service_email, direct_debit_service_user_name)
      VALUES (1, 'bench-leisure', 'Bench Leisure Trust', 'help@bench-leisure.example', 'BENCH LEISURE');
      INSERT INTO venues (id, operator_id, slug, name, address1, town, postcode, lat, lng, place_type)
      SELECT v, 1, 'centre-' || lpad(v::text, 2, '0'), 'Centre ' || lpad(v::text, 2, '0'),
        v || ' High Street', 'Benchtown', 'BT' || v || ' 1AA', 53.4 + v / 100.0, -2.2 - v / 100.0, 'leisure-centre'
      FROM generate_series(1, ${centreCount}) v;
      -- 1: the manager of every centre; 1 + v: the desk of centre v.
      INSERT INTO staff_users (id, operator_id, username, display_name, role, password_hash, centres)
      SELECT 1, 1, 'bench-manager', 'Bench Manager', 'manager', 'not-a-hash', array_agg(slug ORDER BY id) FROM venues;
      INSERT INTO staff_users (id, operator_id, username, display_name, role, password_hash, centres)
      SELECT 1 + v, 1, 'desk-' || v, 'Desk ' || v, 'desk', 'not-a-hash', ARRAY['centre-' || lpad(v::text, 2, '0')]
      FROM generate_series(1, ${centreCount}) v;`,
  },
  {
    name: 'activities, places and timetable',
    sql: `
      INSERT INTO activity_categories (id, key, name, position) VALUES
        (1, 'bench-swimming', 'Swimming', 1), (2, 'bench-classes', 'Classes', 2),
        (3, 'bench-courts', 'Courts', 3), (4, 'bench-children', 'Children', 4);
      INSERT INTO activities (id, key, category_id, kind, name) VALUES
        (1, 'bench-lane-swim', 1, 'session', 'Lane swimming'), (2, 'bench-aquafit', 1, 'session', 'Aquafit'),
        (3, 'bench-swim-lessons', 4, 'session', 'Swimming lessons'), (4, 'bench-spin', 2, 'session', 'Spin'),
        (5, 'bench-yoga', 2, 'session', 'Yoga'), (6, 'bench-hiit', 2, 'session', 'HIIT'),
        (7, 'bench-pilates', 2, 'session', 'Pilates'), (8, 'bench-zumba', 2, 'session', 'Zumba'),
        (9, 'bench-badminton', 3, 'facility', 'Badminton court'), (10, 'bench-squash', 3, 'facility', 'Squash court'),
        (11, 'bench-gymnastics', 4, 'session', 'Gymnastics'), (12, 'bench-family-swim', 1, 'session', 'Family swim');
      INSERT INTO activity_locations (id, venue_id, key, name, kind)
      SELECT (v - 1) * 4 + k, v, (ARRAY['main-pool', 'studio', 'hall', 'learner-pool'])[k],
        (ARRAY['Main pool', 'Studio', 'Sports hall', 'Learner pool'])[k], (ARRAY['pool', 'studio', 'hall', 'pool'])[k]
      FROM generate_series(1, ${centreCount}) v, generate_series(1, 4) k;
      -- A week's timetable, the same at every centre: activity, place, start, minutes, capacity,
      -- days (1 weekdays, 2 weekends, 3 every day), popularity (the share of places usually booked).
      CREATE TEMP TABLE bench_slots (slot int, activity int, place int, starts time, minutes int,
        capacity int, days int, popularity float8, price int);
      INSERT INTO bench_slots VALUES
        (1, 1, 1, '06:30', 60, 30, 3, 0.50, 450), (2, 4, 2, '07:00', 45, 20, 1, 0.85, 650),
        (3, 2, 1, '09:30', 45, 25, 3, 0.60, 550), (4, 5, 2, '10:00', 60, 18, 3, 0.65, 600),
        (5, 9, 3, '12:00', 60, 4, 3, 0.50, 1200), (6, 7, 2, '12:30', 45, 16, 1, 0.55, 600),
        (7, 3, 4, '16:30', 30, 10, 1, 0.95, 700), (8, 11, 3, '17:00', 60, 15, 1, 0.75, 650),
        (9, 6, 2, '18:00', 45, 20, 3, 0.95, 650), (10, 10, 3, '18:30', 40, 2, 3, 0.90, 900),
        (11, 1, 1, '19:00', 60, 30, 3, 0.55, 450), (12, 8, 2, '19:30', 60, 25, 3, 0.70, 550),
        (13, 12, 1, '10:00', 90, 40, 2, 0.70, 800), (14, 3, 4, '09:00', 30, 10, 2, 0.95, 700);`,
  },
  {
    name: 'timetable for a year at every centre',
    sql: `
      SELECT setseed(0.37);
      CREATE TEMP TABLE bench_sessions AS
      SELECT row_number() OVER (ORDER BY d, v, s.slot)::int AS id, v AS venue_id, s.*,
        ((d + s.starts) AT TIME ZONE 'Europe/London') AS starts_at,
        -- busier in January, quieter in August; some centres busier than others
        least(0.98, s.popularity * (0.33 + 0.36 * random()) * (1 + 0.15 * cos(2 * pi() * (extract(month FROM d) - 1) / 12))
          * (0.8 + 0.4 * ((v * 7) % 10) / 9.0)) AS fill,
        random() < 0.01 AS cancelled
      FROM generate_series(DATE '${y}-01-01', DATE '${y}-12-31', interval '1 day') d
      CROSS JOIN generate_series(1, ${centreCount}) v
      JOIN bench_slots s ON s.days = 3 OR (s.days = 1) = (extract(isodow FROM d) < 6);`,
  },
  {
    name: 'customers',
    sql: `
      SELECT setseed(0.41);
      INSERT INTO customers (id, operator_id, reference, email, password_hash, first_name, last_name, date_of_birth,
        postcode, home_venue_id, created_at)
      SELECT c, 1, 'C' || lpad(c::text, 7, '0'), 'customer' || c || '@bench.example', 'not-a-hash',
        (ARRAY['Sam', 'Alex', 'Jo', 'Priya', 'Tom', 'Aisha', 'Chris', 'Mei'])[1 + c % 8], 'Bencher ' || c,
        DATE '1950-01-01' + (random() * 20000)::int, 'BT1 1AA',
        1 + floor(power(random(), 1.3) * ${centreCount})::int, TIMESTAMPTZ '2019-01-01' + random() * interval '6 years'
      FROM generate_series(1, ${customers}) c;`,
  },
  {
    name: 'bookings (staged)',
    sql: `
      SELECT setseed(0.43);
      -- Members (customers 1..${members}) book most places, included in their membership except
      -- courts; pay-as-you-go customers pay for each. A booking's order, if any, has its id.
      CREATE TEMP TABLE bench_bookings AS
      SELECT row_number() OVER (ORDER BY s.id, n)::int AS id, s.id AS session_id, s.venue_id, s.activity,
        s.starts_at, s.starts_at + s.minutes * interval '1 minute' AS ends_at, s.price, s.cancelled AS session_cancelled,
        CASE WHEN r.who < 0.72 THEN 1 + floor(random() * ${members})::int
             ELSE ${members + formerMembers} + 1 + floor(random() * ${casualCustomers})::int END AS customer_id,
        CASE WHEN s.capacity >= 10 AND random() < 0.08 THEN 2 ELSE 1 END AS quantity,
        s.starts_at - (1 + power(random(), 2) * 14) * interval '1 day' AS created_at,
        random() AS fate, random() AS how
      FROM bench_sessions s
      CROSS JOIN LATERAL generate_series(1, greatest(0, floor(s.capacity * s.fill)::int)) n
      CROSS JOIN LATERAL (SELECT random() + 0 * n AS who) r;
      ALTER TABLE bench_bookings ADD COLUMN paid boolean;
      UPDATE bench_bookings SET paid = customer_id > ${members} OR activity IN (9, 10);`,
  },
  {
    name: 'sessions',
    sql: `
      INSERT INTO activity_sessions (id, activity_id, venue_id, location_id, starts_at, ends_at, capacity, taken, cancelled)
      SELECT s.id, s.activity, s.venue_id, (s.venue_id - 1) * 4 + s.place, s.starts_at,
        s.starts_at + s.minutes * interval '1 minute', s.capacity, least(s.capacity, coalesce(t.places, 0)), s.cancelled
      FROM bench_sessions s LEFT JOIN (
        SELECT session_id, sum(quantity) AS places FROM bench_bookings
        WHERE NOT session_cancelled AND fate >= 0.09 GROUP BY session_id
      ) t ON t.session_id = s.id;`,
  },
  {
    name: 'orders for bookings',
    sql: `
      -- online by card (70%), or at the desk: card, cash, voucher or account credit
      INSERT INTO orders (id, reference, customer_id, venue_id, source, status, total_pence, payment_method,
        card_last_four, created_at, completed_at, credit_pence, taken_by_staff_user_id)
      SELECT b.id, 'LD-' || lpad(b.id::text, 8, '0'), b.customer_id, b.venue_id,
        CASE WHEN b.how < 0.7 THEN 'bookings' ELSE 'front-of-house' END, 'completed', b.price * b.quantity,
        CASE WHEN b.how < 0.85 THEN 'card' WHEN b.how < 0.97 THEN 'offline' ELSE 'credit' END,
        CASE WHEN b.how < 0.85 THEN '4242' END, b.created_at, b.created_at + interval '2 minutes',
        CASE WHEN b.how >= 0.97 THEN b.price * b.quantity ELSE 0 END,
        CASE WHEN b.how >= 0.7 THEN 1 + b.venue_id END
      FROM bench_bookings b WHERE b.paid;
      INSERT INTO order_items (order_id, position, item_type, description, amount_pence)
      SELECT b.id, 1, 'booking', 'Booking', b.price * b.quantity FROM bench_bookings b WHERE b.paid;
      INSERT INTO order_tenders (order_id, tender_type, amount_pence, tendered_pence, staff_user_id, voucher_code)
      SELECT b.id, CASE WHEN b.how < 0.95 THEN 'cash' ELSE 'offline-voucher' END, b.price * b.quantity,
        CASE WHEN b.how < 0.95 THEN ceil(b.price * b.quantity / 1000.0)::int * 1000 ELSE b.price * b.quantity END,
        1 + b.venue_id, CASE WHEN b.how >= 0.95 THEN 'BV-' || b.id END
      FROM bench_bookings b WHERE b.paid AND b.how >= 0.85 AND b.how < 0.97;`,
  },
  {
    name: 'bookings, attendance and no-shows',
    sql: `
      -- 9% cancelled by the customer (all of a cancelled session's); the rest marked on the register:
      -- attended, a no-show (7%), or never marked (4%).
      INSERT INTO customer_bookings (id, customer_id, venue_id, activity_name, starts_at, ends_at, status, price_pence,
        session_id, order_id, quantity, created_at, cancelled_at)
      SELECT b.id, b.customer_id, b.venue_id, a.name, b.starts_at, b.ends_at,
        CASE WHEN b.session_cancelled OR b.fate < 0.09 THEN 'cancelled' ELSE 'booked' END,
        CASE WHEN b.paid THEN b.price ELSE 0 END, b.session_id, CASE WHEN b.paid THEN b.id END, b.quantity, b.created_at,
        CASE WHEN b.session_cancelled OR b.fate < 0.09 THEN b.starts_at - interval '5 hours' END
      FROM bench_bookings b JOIN activities a ON a.id = b.activity;
      INSERT INTO booking_attendance (booking_id, status, source, marked_by, marked_at)
      SELECT b.id, CASE WHEN b.fate < 0.16 THEN 'no-show' ELSE 'attended' END,
        CASE WHEN b.fate > 0.6 THEN 'check-in' ELSE 'register' END, 1 + b.venue_id, b.starts_at
      FROM bench_bookings b WHERE NOT b.session_cancelled AND b.fate >= 0.09 AND b.fate < 0.96;`,
  },
  {
    name: 'waiting lists',
    sql: `
      SELECT setseed(0.47);
      INSERT INTO waiting_list_entries (session_id, customer_id, attendee_customer_id, status, created_at, updated_at)
      SELECT s.id, c.customer_id, c.customer_id,
        (ARRAY['booked', 'booked', 'booked', 'claimed', 'expired', 'expired', 'closed', 'left'])[1 + floor(random() * 8)::int],
        s.starts_at - interval '2 days', s.starts_at - interval '1 day'
      FROM bench_sessions s
      CROSS JOIN LATERAL generate_series(1, 1 + floor(random() * 6)::int) n
      CROSS JOIN LATERAL (SELECT 1 + floor(random() * ${members})::int + 0 * n AS customer_id) c
      WHERE s.fill > 0.5 AND NOT s.cancelled;`,
  },
  {
    name: 'membership types and memberships',
    sql: `
      SELECT setseed(0.53);
      INSERT INTO membership_types (id, operator_id, slug, name, coverage, sort_order) VALUES
        (1, 1, 'bench-gym-anytime', 'Gym Anytime', 'venues', 1), (2, 1, 'bench-swim-only', 'Swim Only', 'venues', 2),
        (3, 1, 'bench-off-peak', 'Off-Peak', 'venues', 3), (4, 1, 'bench-family', 'Family', 'venues', 4),
        (5, 1, 'bench-junior', 'Junior', 'venues', 5);
      INSERT INTO payment_options (id, membership_type_id, key, payment_type, price_pence, joining_fee_pence)
      SELECT t, t, 'monthly', 'recurring', (ARRAY[3600, 2600, 2200, 6500, 1500])[t], 1500 FROM generate_series(1, 5) t;
      -- Members today joined over six years, a third of them this year; former members left this year.
      INSERT INTO customer_memberships (id, customer_id, membership_type_id, payment_option_id, home_venue_id, status,
        start_date, end_date, billing_day, price_pence, created_at, cancel_requested_at, cancel_kind)
      SELECT c.id, c.id, m.type, m.type, c.home_venue_id,
        CASE WHEN c.id > ${members} THEN 'ended' WHEN c.id % 200 = 0 THEN 'pending' ELSE 'active' END,
        CASE WHEN c.id > ${members} THEN least(m.start_date, m.leaves - 60) ELSE m.start_date END,
        CASE WHEN c.id > ${members} THEN m.leaves END, 1 + 14 * (c.id % 2),
        (ARRAY[3600, 2600, 2200, 6500, 1500])[m.type],
        CASE WHEN c.id > ${members} THEN least(m.start_date, m.leaves - 60) ELSE m.start_date END - interval '3 days',
        CASE WHEN c.id > ${members} THEN m.leaves - interval '1 month'
             WHEN c.id % 25 = 0 THEN TIMESTAMPTZ '${y}-12-01' + random() * interval '30 days' END,
        CASE WHEN c.id > ${members} OR c.id % 25 = 0 THEN 'notice' END
      FROM customers c
      CROSS JOIN LATERAL (
        SELECT (ARRAY[1, 1, 1, 1, 2, 2, 3, 3, 4, 5])[1 + floor(random() * 10)::int + 0 * c.id] AS type,
          CASE WHEN random() < 0.33 THEN DATE '${y}-01-01' + floor(random() * 365)::int
               ELSE DATE '${y - 6}-01-01' + floor(random() * 365 * 6)::int END AS start_date,
          DATE '${y}-02-01' + floor(random() * 330)::int AS leaves
      ) m
      WHERE c.id <= ${members + formerMembers};`,
  },
  {
    name: 'membership changes, freezes and joins',
    sql: `
      SELECT setseed(0.59);
      INSERT INTO membership_events (customer_membership_id, kind, occurred_at)
      SELECT id, 'joined', start_date::timestamptz FROM customer_memberships;
      INSERT INTO membership_events (customer_membership_id, kind, occurred_at, detail)
      SELECT id, 'changed', TIMESTAMPTZ '${y}-01-01' + random() * interval '364 days', '{"from": "Off-Peak"}'
      FROM customer_memberships WHERE id % 17 = 0;
      INSERT INTO membership_freezes (customer_membership_id, starts_on, ends_on, status, created_at)
      SELECT id, f.starts_on, f.starts_on + 30 * (1 + id % 3), CASE WHEN id % 10 = 0 THEN 'withdrawn' ELSE 'completed' END,
        f.starts_on - interval '10 days'
      FROM customer_memberships
      CROSS JOIN LATERAL (SELECT DATE '${y}-01-01' + floor(random() * 300)::int + 0 * id AS starts_on) f
      WHERE id % 23 = 0 AND status <> 'pending';
      -- joiners this year paid the first month and the joining fee online
      INSERT INTO orders (id, reference, customer_id, venue_id, source, status, total_pence, payment_method,
        card_last_four, created_at, completed_at)
      SELECT ${otherOrders} + m.id, 'LD-' || (${otherOrders} + m.id), m.customer_id, m.home_venue_id, 'online-joining',
        'completed', m.price_pence + 1500, 'card', '4242', m.created_at, m.created_at + interval '3 minutes'
      FROM customer_memberships m WHERE m.start_date >= DATE '${y}-01-04' AND m.status <> 'pending';
      INSERT INTO order_items (order_id, position, item_type, description, amount_pence)
      SELECT o.id, p.position, p.kind, p.kind, CASE p.kind WHEN 'fee' THEN 1500 ELSE o.total_pence - 1500 END
      FROM orders o CROSS JOIN (VALUES (1, 'membership'), (2, 'fee')) p(position, kind)
      WHERE o.source = 'online-joining';`,
  },
  {
    name: 'Direct Debit instructions and collections',
    sql: `
      SELECT setseed(0.61);
      INSERT INTO direct_debit_instructions (id, customer_id, provider, status, account_holder, account_number_ending,
        sort_code_ending, confirmation_due_by)
      SELECT m.id, m.customer_id, 'go_cardless', CASE WHEN m.status = 'ended' THEN 'cancelled' ELSE 'active' END,
        'Bencher ' || m.customer_id, '11', '00', m.start_date
      FROM customer_memberships m WHERE m.status <> 'pending';
      -- every month of the year a member was paying for: 96% collected, the rest failed, charged back
      -- or (failed, then paid by card) recovered
      INSERT INTO direct_debit_collections (instruction_id, customer_membership_id, description, amount_pence,
        billing_date, charge_date, payment_id, status, failure_reason, created_at, updated_at)
      SELECT m.id, m.id, 'Monthly membership', m.price_pence, c.billing_date, c.billing_date + 1,
        'PM' || m.id || '-' || to_char(c.billing_date, 'YYYYMM'),
        CASE WHEN c.r < 0.955 THEN 'paid_out' WHEN c.r < 0.965 THEN 'confirmed' WHEN c.r < 0.985 THEN 'failed'
             WHEN c.r < 0.99 THEN 'charged_back' ELSE 'recovered' END,
        CASE WHEN c.r >= 0.965 THEN 'insufficient_funds' END,
        c.billing_date - interval '10 days', c.billing_date + interval '4 days'
      FROM customer_memberships m
      CROSS JOIN LATERAL (
        SELECT make_date(${y}, month, m.billing_day) AS billing_date, random() + 0 * month AS r
        FROM generate_series(1, 12) month
      ) c
      WHERE m.status <> 'pending' AND c.billing_date > m.start_date
        AND (m.end_date IS NULL OR c.billing_date < m.end_date);
      INSERT INTO membership_events (customer_membership_id, kind, occurred_at, amount_pence)
      SELECT customer_membership_id, CASE WHEN status IN ('paid_out', 'confirmed') THEN 'payment_collected'
        ELSE 'payment_failed' END, charge_date::timestamptz, amount_pence
      FROM direct_debit_collections;`,
  },
  {
    name: 'desk sales: packages, fees and balances',
    sql: `
      SELECT setseed(0.67);
      -- Swim passes, guest fees, lockers and old balances sold at each desk, through the year
      CREATE TEMP TABLE bench_sales AS
      SELECT ${otherOrders * 2} + n AS id, 1 + floor(random() * ${customers})::int AS customer_id,
        1 + floor(power(random(), 1.3) * ${centreCount})::int AS venue_id,
        TIMESTAMPTZ '${y}-01-01 07:00' + floor(random() * 365) * interval '1 day' + random() * interval '14 hours' AS at,
        (ARRAY['package', 'fee', 'fee', 'fee', 'outstanding_balance'])[1 + floor(random() * 5)::int] AS kind,
        random() AS how
      FROM generate_series(1, 420000) n;
      ALTER TABLE bench_sales ADD COLUMN pence int;
      UPDATE bench_sales SET pence = CASE kind WHEN 'package' THEN 4000 WHEN 'fee' THEN 300 + 100 * (id % 5) ELSE 3600 END;
      INSERT INTO orders (id, reference, customer_id, venue_id, source, status, total_pence, payment_method,
        card_last_four, created_at, completed_at, taken_by_staff_user_id, voided_at, voided_by_staff_user_id, void_reason)
      SELECT id, 'LD-' || id, customer_id, venue_id, 'front-of-house', 'completed', pence,
        CASE WHEN how < 0.6 THEN 'card' ELSE 'offline' END, CASE WHEN how < 0.6 THEN '1234' END, at, at, 1 + venue_id,
        CASE WHEN how > 0.995 THEN at + interval '5 minutes' END, CASE WHEN how > 0.995 THEN 1 + venue_id END,
        CASE WHEN how > 0.995 THEN 'Rung up twice' END
      FROM bench_sales;
      INSERT INTO order_items (order_id, position, item_type, description, amount_pence)
      SELECT id, 1, kind, kind, pence FROM bench_sales;
      INSERT INTO order_tenders (order_id, tender_type, amount_pence, tendered_pence, staff_user_id)
      SELECT id, CASE WHEN how < 0.95 THEN 'cash' ELSE 'cheque' END, pence,
        CASE WHEN how < 0.95 THEN ceil(pence / 500.0)::int * 500 ELSE pence END, 1 + venue_id
      FROM bench_sales WHERE how >= 0.6;`,
  },
  {
    name: 'sequences moved past the ids given',
    sql: `
      DO $$ DECLARE t text; BEGIN
        FOREACH t IN ARRAY ARRAY['operators', 'venues', 'staff_users', 'activity_categories', 'activities', 'activity_locations',
          'activity_sessions', 'customers', 'customer_bookings', 'orders', 'membership_types', 'payment_options',
          'customer_memberships', 'direct_debit_instructions'] LOOP
          EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, ''id''), (SELECT max(id) FROM %I))', t, t);
        END LOOP;
      END $$;`,
  },
  // What autovacuum would have done by the time a manager looks: statistics, and the visibility map
  // that lets an index answer alone. One statement: VACUUM runs outside a transaction.
  { name: 'vacuum and analyse', sql: 'VACUUM ANALYZE' },
];

/** The rows the data set holds, for the report's heading. */
export const countSql = `
  SELECT (SELECT count(*) FROM venues)::int AS centres,
    (SELECT count(*) FROM activity_sessions)::int AS sessions,
    (SELECT count(*) FROM customer_bookings)::int AS bookings,
    (SELECT count(*) FROM customer_memberships WHERE status = 'active')::int AS members,
    (SELECT count(*) FROM orders)::int AS orders,
    (SELECT count(*) FROM order_tenders)::int AS tenders,
    (SELECT count(*) FROM direct_debit_collections)::int AS collections,
    (SELECT count(*) FROM waiting_list_entries)::int AS waiting,
    (SELECT count(*) FROM membership_events)::int AS events`;

/** Runs the generation on one connection, step by step, reporting each step's seconds. */
export async function generate(url: string, onStep: (name: string, seconds: number) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET synchronous_commit = off');
    for (const step of generationSteps) {
      const started = performance.now();
      await client.query(step.sql);
      onStep(step.name, (performance.now() - started) / 1000);
    }
  } finally {
    await client.end();
  }
}

export async function countRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, number>>(countSql)).rows[0]!;
  } finally {
    await client.end();
  }
}

/** Whether `url`'s database exists and holds a generated data set. */
export async function hasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const found = await client.query<{ found: boolean }>(
      `SELECT to_regclass('customer_bookings') IS NOT NULL AND EXISTS (SELECT 1 FROM venues WHERE slug = 'centre-01') AS found`,
    );
    return found.rows[0]!.found;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/** The manager of every centre (as the staff module reads the row), and the centres, busiest first. */
export async function managerAndCentres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const manager = await client.query(
      `SELECT id, operator_id AS "operatorId", username, display_name AS "displayName", role,
         password_hash AS "passwordHash", currency_symbol AS "currencySymbol", active, created_at AS "createdAt",
         updated_at AS "updatedAt", centres
       FROM staff_users WHERE username = 'bench-manager'`,
    );
    const centres = await client.query<{ id: number; slug: string }>(
      `SELECT v.id, v.slug FROM venues v
       ORDER BY (SELECT count(*) FROM customer_bookings b WHERE b.venue_id = v.id) DESC, v.id`,
    );
    return { manager: manager.rows[0] as Record<string, unknown>, centres: centres.rows };
  } finally {
    await client.end();
  }
}
