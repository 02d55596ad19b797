import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeBody,
  decodeXml,
  encodeBody,
  WireFormatError,
} from '../../../server/gateway/index.ts';

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<respon><note>&lol9;</note></respon>`;

const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE respon [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<respon><note>&xxe;</note></respon>`;

describe('wire formats', () => {
  it('refuses a billion-laughs document quickly', () => {
    const started = process.hrtime.bigint();
    assert.throws(() => decodeXml(BILLION_LAUGHS), WireFormatError);
    // Not a timing assertion on speed: a refusal that expanded entities would never return at all.
    assert.ok(process.hrtime.bigint() - started < 5_000_000_000n);
  });

  it('refuses an external entity', () => {
    assert.throws(() => decodeXml(EXTERNAL_ENTITY), /DOCTYPE or entity declaration is refused/);
  });

  it('keeps every XML value a string, exactly as written', () => {
    const { root, fields } = decodeXml(
      '<respon><amount>10.50</amount><order_no>000123</order_no><flag>true</flag></respon>',
    );
    assert.equal(root, 'respon');
    assert.deepEqual(fields, { amount: '10.50', order_no: '000123', flag: 'true' });
  });

  it('reads the predefined entities and character references, and nothing else', () => {
    const { fields } = decodeXml(
      '<respon><note>a &amp; b &lt;c&gt; &#233; &#x4e2d; &unknown;</note></respon>',
    );
    assert.equal(fields.note, 'a & b <c> é 中 &unknown;');
  });

  it('refuses truncated XML', () => {
    assert.throws(
      () => decodeXml('<respon><amount>10.50</amount><order_no>1'),
      /not well-formed XML/,
    );
  });

  it('reads a list of one as a list', () => {
    const { fields } = decodeXml(
      '<request><capture_orders><order_no>1</order_no></capture_orders></request>',
    );
    assert.deepEqual(fields.capture_orders, [{ order_no: '1' }]);
  });

  const body = {
    merchant_id: 'M1',
    note: 'a & b = c',
    checkout_time: 1700000000,
    capture_orders: [
      { order_no: '1', amount: '10.50' },
      { order_no: '2', amount: '0.00' },
    ],
    subscription: { interval: 'day' },
  };

  for (const encoding of ['json', 'form', 'xml', 'json-as-form', 'json-as-xml'] as const) {
    it(`writes and reads back ${encoding}`, () => {
      const { body: text, contentType } = encodeBody(body, encoding);
      assert.ok(contentType.length > 0);
      const read = decodeBody(text);
      // XML and forms carry no numbers: the number comes back as its text.
      const expected =
        encoding === 'json' || encoding.startsWith('json-')
          ? body
          : { ...body, checkout_time: '1700000000' };
      assert.deepEqual(read, expected);
    });
  }

  it('sends JSON text under the sample content types', () => {
    assert.deepEqual(encodeBody({ a: '1' }, 'json-as-form'), {
      body: '{"a":"1"}',
      contentType: 'application/x-www-form-urlencoded',
    });
    assert.deepEqual(encodeBody({ a: '1' }, 'json-as-xml'), {
      body: '{"a":"1"}',
      contentType: 'application/xml',
    });
  });

  for (const [text, message] of [
    ['{"a":', /not valid JSON/],
    ['[1,2]', /not an object/],
    ['a=1&a=2', /repeated/],
    ['<a><b></a>', /not well-formed XML/],
  ] as const) {
    it(`refuses ${JSON.stringify(text)} with a clear error`, () => {
      assert.throws(() => decodeBody(text), message);
    });
  }
});
