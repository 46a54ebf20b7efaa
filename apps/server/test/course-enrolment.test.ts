import type { Cart, CartItem } from '@lido/contracts/cart';
import { cartSchema } from '@lido/contracts/cart-answers';
import {
  type CartCourseEnrolmentItem,
  type CourseDetail,
  type CoursePupils,
  coursePupilsSchema,
} from '@lido/contracts/courses';
import type { FamilyChanged } from '@lido/contracts/family';
import { type Order, orderSchema } from '@lido/contracts/order';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { authoriseByCard } from './support/checkout-calls.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/**
 * Enrolling on a course through the basket (issue 36, decision 0109): a place held like a
 * session's, age-checked before anything is held, paid at the late joiner's price and made an
 * enrolment once, however many ask at once. "Now" is Sunday 29 November 2026, 12:00 in London:
 * Castlefield's Autumn 2026 Saturday 09:00 Stage 1 (13 lessons, £97.50, ages 4 to 11 on 5
 * September) has 2 lessons left (5 and 12 December), so a late joiner pays floor(9750 × 2 / 13) =
 * 1500.
 */

const stage1 = 'castlefield-sat-0900-stage-1-autumn-2026';

const courseLines = (cart: Cart | undefined) =>
  (cart?.items ?? []).filter(
    (item: CartItem): item is CartCourseEnrolmentItem => item.type === 'course_enrolment',
  );

describe('enrolling on a course', { timeout: 180_000 }, () => {
  let t: TestApp;
  let sandbox: TestSandbox;
  const bookings = apiClient(() => t, siteHost.bookings);
  const account = apiClient(() => t, siteHost.myAccount);
  beforeAll(async () => {
    sandbox = await startTestSandbox({ appOrigins: [`http://${siteHost.bookings}`] });
    t = await createTestApp({ now: () => new Date('2026-11-29T12:00:00Z'), cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const rows = <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    t.database.query<Row>(text, values);
  /** A fresh copy of a demo course with its own capacity, so each test counts its own places. */
  async function courseLike(key: string, capacity: number): Promise<number> {
    const [row] = await rows<{ id: number }>(
      `INSERT INTO courses (operator_id, key, name, level_id, venue_id, location_id, weekday, starts_at,
                            ends_at, min_age, max_age, ages_on, capacity, teacher, term_id, starts_on,
                            skips, pricing, price_pence, sort_order, active)
       SELECT operator_id, key || '-copy-' || (SELECT count(*) FROM courses), name, level_id, venue_id,
              location_id, weekday, starts_at, ends_at, min_age, max_age, ages_on, $2, teacher, term_id,
              starts_on, skips, pricing, price_pence, sort_order, active
         FROM courses WHERE key = $1 RETURNING id`,
      [key, capacity],
    );
    return row!.id;
  }
  async function parentWithChild(dateOfBirth = '2020-03-01', credit = 5000) {
    const parent = await createCustomer(t, { creditBalancePence: credit });
    const added = await account.as(parent).post<FamilyChanged>('/api/my-account/family', {
      first_name: 'Ada',
      last_name: 'Tester',
      date_of_birth: dateOfBirth,
      relationship: 'child',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const child = added.data.family.find((member) => member.firstName === 'Ada')!;
    return { parent, childId: child.id };
  }
  const enrol = (customer: TestCustomer, course: number, pupilId?: number) =>
    bookings
      .as(customer)
      .post<Cart>(`/api/courses/${course}/enrol`, pupilId === undefined ? {} : { pupilId });
  const pay = (customer: TestCustomer, amount: number) =>
    bookings.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount }],
    });
  const authoriseCard = (customer: TestCustomer) =>
    authoriseByCard(bookings.as(customer), sandbox, 'ADA TESTER');
  const completeCard = (customer: TestCustomer, transactionUuid: string) =>
    bookings.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      terms: [],
      transaction_uuid: transactionUuid,
    });
  const enrolments = (course: number) =>
    rows<{ pupil_customer_id: number; status: string; amount_pence: number; order_id: number }>(
      'SELECT pupil_customer_id, status, amount_pence, order_id FROM course_enrolments WHERE course_id = $1',
      [course],
    );
  const placesLeft = async (course: number) =>
    (await bookings.guest.get<CourseDetail>(`/api/courses/${course}`)).data.placesLeft;
  const statuses = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((counts, answer) => {
      counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      return counts;
    }, {});

  it('holds a place for a child at the late joiner’s price, and paying makes it an enrolment', async () => {
    const course = await courseLike(stage1, 6);
    const { parent, childId } = await parentWithChild();
    const added = await enrol(parent, course, childId);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(cartSchema.safeParse(added.data).error).toBeUndefined();
    const [line] = courseLines(added.data);
    expect(line).toMatchObject({
      type: 'course_enrolment',
      courseId: course,
      name: 'Stage 1',
      pupil: { id: childId, name: 'Ada Tester' },
      venue: { name: 'Castlefield Leisure Centre' },
      firstLessonDate: '2026-12-05',
      lessonsLeft: 2,
      lessonsInTerm: 13,
      price: { formatted: '£15.00' },
      description:
        'Saturdays 09:00–09:30, Learner pool, Autumn 2026: 2 lessons left of 13, from 05 Dec 2026. For Ada Tester',
    });
    expect(added.data.totals.total).toBe(1500);
    // A held place is not on offer to others.
    expect(await placesLeft(course)).toBe(5);
    expect(await enrolments(course)).toEqual([]);

    const paid = await pay(parent, 1500);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const orderId = paid.data.orderId;
    expect(await enrolments(course)).toEqual([
      { pupil_customer_id: childId, status: 'active', amount_pence: 1500, order_id: orderId },
    ]);
    expect(
      await rows('SELECT item_type, amount_pence FROM order_items WHERE order_id = $1', [orderId]),
    ).toEqual([{ item_type: 'course_enrolment', amount_pence: 1500 }]);
    // The order's confirmation names the place and the pupil.
    const order = await bookings.as(parent).get<Order>(`/api/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(orderSchema.safeParse(order.data).error).toBeUndefined();
    expect(order.data.items).toEqual([
      {
        type: 'course_enrolment',
        name: 'Course place',
        description:
          'Stage 1: Saturdays 09:00–09:30, Learner pool, Autumn 2026: 2 lessons left of 13, from 05 Dec 2026. For Ada Tester',
        total: expect.objectContaining({ formatted: '£15.00' }),
      },
    ]);
    const [credit] = await rows<{ balance_pence: number }>(
      'SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1',
      [parent.id],
    );
    expect(credit!.balance_pence).toBe(3500);
    expect(courseLines((await bookings.as(parent).cart()).data)).toEqual([]);
    expect(await placesLeft(course)).toBe(5);

    // Completing again answers the same order and makes nothing twice.
    const again = await pay(parent, 1500);
    expect({ status: again.status, orderId: again.data.orderId }).toEqual({ status: 200, orderId });
    expect(await enrolments(course)).toHaveLength(1);
    expect(await rows('SELECT id FROM order_items WHERE order_id = $1', [orderId])).toHaveLength(1);
    // Enrolled already: a second place for the same child is refused.
    const twice = await enrol(parent, course, childId);
    expect({ status: twice.status, message: twice.message }).toEqual({
      status: 409,
      message: 'Ada Tester already has a place on this course.',
    });
  });

  it('50 parents at once for the last 3 places: exactly 3 hold them, 47 are told it is full, and 3 enrol', async () => {
    const course = await courseLike(stage1, 5);
    // Two places taken already, through the basket.
    for (let index = 0; index < 2; index += 1) {
      const { parent, childId } = await parentWithChild();
      expect((await enrol(parent, course, childId)).status).toBe(201);
      expect((await pay(parent, 1500)).status).toBe(200);
    }
    const crowd: { parent: TestCustomer; childId: number }[] = [];
    for (let index = 0; index < 50; index += 1) crowd.push(await parentWithChild());
    const answers = await Promise.all(crowd.map(({ parent, childId }) => enrol(parent, course, childId)));
    expect(statuses(answers)).toEqual({ 201: 3, 409: 47 });
    expect(
      new Set(answers.filter((answer) => answer.status === 409).map((answer) => answer.message)),
    ).toEqual(new Set(['This class is full, so no place can be held. Try another class of the same level.']));
    expect(await placesLeft(course)).toBe(0);
    const holders = crowd.filter((_, index) => answers[index]!.status === 201);
    const paid = await Promise.all(holders.map(({ parent }) => pay(parent, 1500)));
    expect(statuses(paid)).toEqual({ 200: 3 });
    const made = await enrolments(course);
    expect(made).toHaveLength(5);
    expect(made.every((row) => row.status === 'active')).toBe(true);
    expect(new Set(made.map((row) => row.pupil_customer_id)).size).toBe(5);
    expect(await placesLeft(course)).toBe(0);
  });

  it('says who on the account can be enrolled, and why not, before anything is chosen', async () => {
    const course = await courseLike(stage1, 2);
    const { parent, childId } = await parentWithChild('2020-03-01');
    const toddler = await account.as(parent).post<FamilyChanged>('/api/my-account/family', {
      first_name: 'Bea',
      last_name: 'Tester',
      date_of_birth: '2023-01-10',
      relationship: 'child',
    });
    const beaId = toddler.data.family.find((member) => member.firstName === 'Bea')!.id;
    const ask = () => bookings.as(parent).get<CoursePupils>(`/api/courses/${course}/pupils`);
    const first = await ask();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(coursePupilsSchema.safeParse(first.data).error).toBeUndefined();
    expect(first.data).toMatchObject({ courseId: course, agesOn: '2026-09-05', closedReason: null });
    const byId = (answer: CoursePupils) => new Map(answer.pupils.map((pupil) => [pupil.id, pupil]));
    expect(byId(first.data).get(parent.id)).toMatchObject({ self: true, age: 36, canEnrol: false });
    expect(byId(first.data).get(parent.id)!.reason).toMatch(/is too old for this course/);
    expect(byId(first.data).get(childId)).toEqual({
      id: childId,
      name: 'Ada Tester',
      self: false,
      age: 6,
      canEnrol: true,
      reason: null,
    });
    expect(byId(first.data).get(beaId)).toMatchObject({ age: 3, canEnrol: false });
    expect(byId(first.data).get(beaId)!.reason).toMatch(/^Bea Tester is too young for this course/);
    // Enrolled: the child's place is named; the class now full is said for everyone.
    expect((await enrol(parent, course, childId)).status).toBe(201);
    expect((await pay(parent, 1500)).status).toBe(200);
    const other = await parentWithChild();
    expect((await enrol(other.parent, course, other.childId)).status).toBe(201);
    const after = await ask();
    expect(after.data.closedReason).toBe(
      'This class is full, so no place can be held. Try another class of the same level.',
    );
    expect(byId(after.data).get(childId)).toMatchObject({
      canEnrol: false,
      reason: 'Ada Tester already has a place on this course.',
    });
    expect((await bookings.guest.get(`/api/courses/${course}/pupils`)).status).toBe(401);
    expect((await bookings.as(parent).get('/api/courses/999999/pupils')).status).toBe(404);
  });

  it('refuses a child outside the ages before anything is held', async () => {
    const course = await courseLike(stage1, 6);
    // 3 on 5 September 2026 (ages 4 to 11 then), and 16.
    const young = await parentWithChild('2023-01-10');
    const tooYoung = await enrol(young.parent, course, young.childId);
    expect({ status: tooYoung.status, message: tooYoung.message }).toEqual({
      status: 422,
      message:
        'Ada Tester is too young for this course: it is for ages 4 to 11 on 05 Sep 2026, and Ada Tester will be 3. Choose a course for Ada Tester’s age.',
    });
    const old = await parentWithChild('2010-01-10');
    const tooOld = await enrol(old.parent, course, old.childId);
    expect(tooOld.status).toBe(422);
    expect(tooOld.message).toMatch(/^Ada Tester is too old for this course: .* will be 16\./);
    // The parent themself (36) is too old as well.
    expect((await enrol(old.parent, course)).status).toBe(422);
    for (const parent of [young.parent, old.parent])
      expect(courseLines((await bookings.as(parent).cart()).data)).toEqual([]);
    expect(await placesLeft(course)).toBe(6);
  });

  it('refuses another customer’s child, an unknown course, and junk, with clear 4xx', async () => {
    const course = await courseLike(stage1, 6);
    const { childId } = await parentWithChild();
    const stranger = await createCustomer(t);
    const refused = await enrol(stranger, course, childId);
    expect({ status: refused.status, message: refused.message }).toEqual({
      status: 404,
      message:
        'You can enrol yourself or someone in your family only: add them under My account → Family first.',
    });
    expect(courseLines((await bookings.as(stranger).cart()).data)).toEqual([]);
    expect(await placesLeft(course)).toBe(6);
    const unknown = await enrol(stranger, 999_999, undefined);
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('That course isn’t on offer. It may have ended or been withdrawn.');
    const junk = await bookings.as(stranger).post(`/api/courses/${course}/enrol`, { pupilId: 'x', more: 1 });
    expect(junk.status).toBe(422);
    expect((await bookings.guest.post(`/api/courses/${course}/enrol`, {})).status).toBe(401);
  });

  it('the same enrolment sent 10 times at once holds one place', async () => {
    const course = await courseLike(stage1, 6);
    const { parent, childId } = await parentWithChild();
    const answers = await Promise.all(Array.from({ length: 10 }, () => enrol(parent, course, childId)));
    expect(statuses(answers)).toEqual({ 201: 1, 409: 9 });
    expect(
      new Set(answers.filter((answer) => answer.status === 409).map((answer) => answer.message)),
    ).toEqual(new Set(['A place on this course for Ada Tester is already in your basket.']));
    expect(courseLines((await bookings.as(parent).cart()).data)).toHaveLength(1);
    expect(await placesLeft(course)).toBe(5);
  });

  it('a hold that ran out frees the place: another parent takes it and the first is refused, not charged', async () => {
    const course = await courseLike(stage1, 1);
    const first = await parentWithChild();
    expect((await enrol(first.parent, course, first.childId)).status).toBe(201);
    const second = await parentWithChild();
    expect((await enrol(second.parent, course, second.childId)).status).toBe(409);
    // The first parent's payment failed or was abandoned, and the basket's hold ran out.
    await rows(`UPDATE cart_course_lines SET held_until = now() - interval '1 second' WHERE course_id = $1`, [
      course,
    ]);
    expect(await placesLeft(course)).toBe(1);
    expect((await enrol(second.parent, course, second.childId)).status).toBe(201);
    const late = await pay(first.parent, 1500);
    expect(late.status).toBe(409);
    expect(late.message).toMatch(/^Your hold on a place in Stage 1 on Saturdays 09:00–09:30 ran out/);
    expect((await pay(second.parent, 1500)).status).toBe(200);
    expect((await enrolments(course)).map((row) => row.pupil_customer_id)).toEqual([second.childId]);
    const [credit] = await rows<{ balance_pence: number }>(
      'SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1',
      [first.parent.id],
    );
    expect(credit!.balance_pence).toBe(5000);
  });

  it('five completions of one basket at once make one order and one enrolment', async () => {
    const course = await courseLike(stage1, 6);
    const { parent, childId } = await parentWithChild();
    expect((await enrol(parent, course, childId)).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(parent, 1500)));
    // Each answer is the one order (a repeat of a completed order answers it), or a clear 4xx.
    const orderIds = new Set(answers.filter((answer) => answer.status === 200).map((a) => a.data.orderId));
    expect(orderIds.size).toBe(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    expect(await enrolments(course)).toHaveLength(1);
    const [orders] = await rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE customer_id = $1',
      [parent.id],
    );
    expect(orders!.n).toBe(1);
  });

  it('says a monthly course can’t be enrolled online yet, holding nothing', async () => {
    const [monthly] = await rows<{ id: number }>(
      "SELECT id FROM courses WHERE pricing = 'monthly' AND min_age <= 6 AND max_age >= 6 ORDER BY id LIMIT 1",
    );
    const { parent, childId } = await parentWithChild();
    const refused = await enrol(parent, monthly!.id, childId);
    expect(refused.status).toBe(422);
    expect(refused.message).toMatch(/Monthly lessons paid by Direct Debit can’t be enrolled online yet/);
    expect(courseLines((await bookings.as(parent).cart()).data)).toEqual([]);
  });

  it('a place removed from the basket, or the basket discarded, is free again at once', async () => {
    const course = await courseLike(stage1, 1);
    const first = await parentWithChild();
    const held = await enrol(first.parent, course, first.childId);
    const [line] = courseLines(held.data);
    expect(await placesLeft(course)).toBe(0);
    const removed = await bookings.as(first.parent).removeFromCart([line!.id]);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(courseLines(removed.data)).toEqual([]);
    expect(await placesLeft(course)).toBe(1);
    const second = await parentWithChild();
    expect((await enrol(second.parent, course, second.childId)).status).toBe(201);
    expect((await bookings.as(second.parent).discardCart()).status).toBe(200);
    expect(await placesLeft(course)).toBe(1);
    expect((await enrol(first.parent, course, first.childId)).status).toBe(201);
  });

  it('is paid at the desk in cash; like a package, that order is not voided at the desk yet', async () => {
    const course = await courseLike(stage1, 1);
    const { parent, childId } = await parentWithChild('2020-03-01', 0);
    expect((await enrol(parent, course, childId)).status).toBe(201);
    const staff = siteHost.frontOfHouse;
    const staffCall = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { host: staff, origin: `http://${staff}`, cookie },
        ...(payload ? { payload } : {}),
      });
    const paid = await staffCall(await staffLogin(t, 'desk', 'Desk-Staff-2026!'), 'POST', '/api/cart/pay', {
      source: 'front-of-house',
      selectedUserId: parent.id,
      transactionUuid: randomUUID(),
      payments: [{ tender_type: 'cash', amount: 1500 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json<{ data: { orderId: number } }>().data.orderId;
    expect(await placesLeft(course)).toBe(0);
    // Taken "today" on the app's clock, which the database's own now() is not.
    await rows('UPDATE orders SET created_at = $1, completed_at = $1 WHERE id = $2', [
      '2026-11-29T11:00:00Z',
      orderId,
    ]);
    const supervisor = await staffLogin(t, 'supervisor', 'Supervisor-2026!');
    const preview = await staffCall(supervisor, 'GET', `/api/staff/orders/${orderId}/void`);
    expect(preview.statusCode).toBe(422);
    expect(preview.json<{ message: string }>().message).toMatch(/cannot be voided at the desk/);
    expect(await enrolments(course)).toEqual([
      { pupil_customer_id: childId, status: 'active', amount_pence: 1500, order_id: orderId },
    ]);
    expect(await placesLeft(course)).toBe(0);
  });

  it('paid by card: the place stays held while paying, even past its hold, and the card pays the late joiner’s price', async () => {
    const course = await courseLike(stage1, 1);
    const { parent, childId } = await parentWithChild('2020-03-01', 0);
    expect((await enrol(parent, course, childId)).status).toBe(201);
    const paid = await authoriseCard(parent);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.data.transactionStatus).toBe('authorised');
    const [attempt] = await rows<{ amount_pence: number }>(
      'SELECT amount_pence FROM payment_attempts WHERE uuid = $1',
      [paid.data.transactionUuid],
    );
    expect(attempt!.amount_pence).toBe(1500);
    // The basket's hold passes mid-payment: the place is still theirs while the payment is under way.
    await rows(`UPDATE cart_course_lines SET held_until = now() - interval '1 second' WHERE course_id = $1`, [
      course,
    ]);
    const other = await parentWithChild();
    expect((await enrol(other.parent, course, other.childId)).status).toBe(409);
    const done = await completeCard(parent, paid.data.transactionUuid);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await enrolments(course)).toEqual([
      { pupil_customer_id: childId, status: 'active', amount_pence: 1500, order_id: done.data.orderId },
    ]);
    expect(
      await rows('SELECT total_pence, payment_method FROM orders WHERE id = $1', [done.data.orderId]),
    ).toEqual([{ total_pence: 1500, payment_method: 'card' }]);
  });
});
