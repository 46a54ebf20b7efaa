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

  it('never writes a prototype key that conversion makes, and lets the later of two same-named keys stand', () => {
    const hostile = JSON.parse('{"__Proto__": {"polluted": true}, "keep": 1}');
    const converted = convertKeys(hostile, camelToSnake) as object;
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype);
    expect(converted).toEqual({ keep: 1 });
    const twice = convertKeys(JSON.parse('{"a_b": {"x_y": 1}, "z": 0, "aB": [{"c_d": 2}]}'), snakeToCamel);
    expect(twice).toEqual({ aB: [{ cD: 2 }], z: 0 });
    expect(Object.keys(twice as object)).toEqual(['aB', 'z']);
    const later = convertKeys(JSON.parse('{"a_b": [{"x_y": 1}], "aB": 3}'), snakeToCamel);
    expect(later).toEqual({ aB: 3 });
  });

  it('converts the same keys the same way every time (they are remembered)', () => {
    const list = Array.from({ length: 3 }, (_, index) => ({
      item_id: index,
      nested_list: [{ inner_key: index }],
    }));
    for (let round = 0; round < 2; round++)
      expect(convertKeys(list, snakeToCamel)).toEqual(
        [0, 1, 2].map((index) => ({ itemId: index, nestedList: [{ innerKey: index }] })),
      );
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
