import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { canonicalString, sign, signed, verify } from '../../../server/gateway/index.ts';

/**
 * Vectors for the rules of gateway/wire-formats-and-signing.md at their edges: which values count
 * as empty, how arrays and nested objects are written. Each canonical string is written out by
 * hand from those rules and each signature computed here with node:crypto, never by signing.ts,
 * so a signer in another language following the docs would agree.
 */
const KEY = 'vector-key';
const hmac = (text: string): string =>
  createHmac('sha256', KEY).update(Buffer.from(text, 'utf8')).digest('hex');

function assertVector(fields: Record<string, unknown>, canonical: string): void {
  assert.equal(canonicalString(fields), canonical);
  assert.equal(sign(fields, KEY), hmac(canonical));
}

describe('signing vectors', () => {
  it('leave out every empty top-level value: missing, null, "", [] and {}', () => {
    assertVector(
      { order_no: 'O-1', gone: undefined, nil: null, note: '', list: [], obj: {} },
      'order_no=O-1',
    );
  });

  it('write a non-empty array as JSON in its own order, leaves as strings', () => {
    assertVector({ order_no: 'O-1', codes: ['b', 10, 'a'] }, 'codes=["b","10","a"]&order_no=O-1');
  });

  it('leave out null and missing elements of an array, keep the rest in order', () => {
    assertVector({ codes: [null, 'a', undefined, 'b'] }, 'codes=["a","b"]');
  });

  it('write a nested object with sorted keys and leave out its null and missing members', () => {
    assertVector(
      { person: { social_name: 'Ana', email: null, phone_number: undefined, birth_date: '' } },
      'person={"birth_date":"","social_name":"Ana"}',
    );
  });

  it('sort the keys of objects inside arrays, at every depth', () => {
    assertVector(
      {
        cart_items: [
          {
            basic_item_data: {
              quantity: 2,
              name: 'Tea',
              price: { currency: 'USD', amount_usd: 3.5 },
            },
          },
        ],
      },
      'cart_items=[{"basic_item_data":{"name":"Tea","price":{"amount_usd":"3.5","currency":"USD"},' +
        '"quantity":"2"}}]',
    );
  });

  it('sort integer-like keys as text too, as a signer in another language sorts them', () => {
    // A JS object would list "9" before "10" and both before "a", whatever order they came in.
    assertVector(
      { meta: { b: 'x', '9': 'nine', a: 'y', '10': 'ten' } },
      'meta={"10":"ten","9":"nine","a":"y","b":"x"}',
    );
  });

  it('escape inside JSON only what JSON must: quotes, backslashes and control characters', () => {
    assertVector({ meta: { note: 'a "b" \\ c/d é\n' } }, 'meta={"note":"a \\"b\\" \\\\ c/d é\\n"}');
  });

  it('read non-ASCII text as UTF-8', () => {
    assertVector({ note: 'café ☕' }, 'note=café ☕');
  });
});

describe('the sha256-concat scheme', () => {
  const scheme = { kind: 'sha256-concat', fields: ['merchant_id', 'note', 'person'] } as const;
  const sha256 = (text: string): string =>
    createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

  it('writes an empty configured field as nothing and an object as JSON with sorted keys', () => {
    const body = { merchant_id: 'M1', note: null, person: { phone: '5', email: 'a@b' } };
    assert.equal(sign(body, 'k', scheme), sha256('M1{"email":"a@b","phone":"5"}k'));
  });
});

describe('verify', () => {
  it('refuses, without throwing, a valid signature sent inside an array', () => {
    // A form or XML body may repeat a field and so carry it as an array.
    const body = signed({ order_no: 'O-1' }, KEY);
    assert.equal(verify({ ...body, encryption_data: [body.encryption_data] }, [KEY]), false);
  });
});
