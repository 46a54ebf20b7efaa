import pg from 'pg';

/**
 * The January benchmark's SQL (kept apart like the server's repositories, decision 0022): what the
 * run is judged by, counted in the database afterwards.
 */
export function januaryRepository(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    /**
     * Orders, memberships and card payments taken for the joiners whose emails start with
     * `prefix`, and every way one could have been made twice: a customer with two orders, two
     * memberships or two payments taken.
     */
    async count(prefix: string) {
      const result = await pool.query<{
        joiners: number;
        orders: number;
        memberships: number;
        customers_with_two_orders: number;
        customers_with_two_memberships: number;
        customers_charged_twice: number;
      }>(
        `WITH joiners AS (SELECT id FROM customers WHERE email LIKE $1 || '%'),
              per_customer AS (
                SELECT j.id,
                       (SELECT count(*) FROM orders o WHERE o.customer_id = j.id) AS orders,
                       (SELECT count(*) FROM customer_memberships m WHERE m.customer_id = j.id) AS memberships
                  FROM joiners j)
         SELECT count(*)::int AS joiners,
                coalesce(sum(orders), 0)::int AS orders,
                coalesce(sum(memberships), 0)::int AS memberships,
                count(*) FILTER (WHERE orders > 1)::int AS customers_with_two_orders,
                count(*) FILTER (WHERE memberships > 1)::int AS customers_with_two_memberships,
                (SELECT count(*)::int FROM (
                   SELECT a.customer_id FROM payment_attempts a
                    WHERE a.customer_id IN (SELECT id FROM joiners) AND a.status = 'completed'
                    GROUP BY a.customer_id HAVING count(*) > 1) twice) AS customers_charged_twice
           FROM per_customer`,
        [prefix],
      );
      return result.rows[0]!;
    },

    async close(): Promise<void> {
      await pool.end();
    },
  };
}
