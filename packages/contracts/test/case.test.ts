import { describe, expect, it } from 'vitest';
import { camelToSnake, convertKeys, snakeToCamel } from '../src/case.ts';

describe('key case conversion', () => {
  it('converts both ways, including dotted field paths', () => {
    expect(snakeToCamel('billing_address_line_one')).toBe('billingAddressLineOne');
    expect(snakeToCamel('account_details.sort_code')).toBe('accountDetails.sortCode');
    expect(camelToSnake('selectedUserId')).toBe('selected_user_id');
    expect(camelToSnake('themeAppSecondaryColour1')).toBe('theme_app_secondary_colour1');
  });

  it('converts nested objects and arrays, leaving values alone', () => {
    expect(
      convertKeys(
        { cart_items: [{ item_id: 1, label_text: 'keep_me' }], total: { raw_amount: 5 } },
        snakeToCamel,
      ),
    ).toEqual({ cartItems: [{ itemId: 1, labelText: 'keep_me' }], total: { rawAmount: 5 } });
  });

  it('never copies prototype keys', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"x": 1}, "ok_key": 1}');
    const converted = convertKeys(hostile, snakeToCamel) as Record<string, unknown>;
    expect(converted).toEqual({ okKey: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves non-plain objects such as dates untouched', () => {
    const date = new Date('2026-11-21T00:00:00Z');
    expect(convertKeys({ start_date: date }, snakeToCamel)).toEqual({ startDate: date });
  });

  it('keeps key order and converts any depth without overflowing the stack', () => {
    expect(
      Object.keys(convertKeys({ b_one: 1, a_two: { z: 1 }, c_three: [1] }, snakeToCamel) as object),
    ).toEqual(['bOne', 'aTwo', 'cThree']);
    const depth = 100_000;
    const deep = JSON.parse('{"a_b":'.repeat(depth) + '[]' + '}'.repeat(depth)) as unknown;
    let converted = convertKeys(deep, snakeToCamel);
    for (let level = 0; level < depth; level++) converted = (converted as { aB: unknown }).aB;
    expect(converted).toEqual([]);
  });
});
