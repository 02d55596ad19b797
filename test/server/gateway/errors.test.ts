import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BatchRejectedError,
  errorFromResponse,
  InvalidRequestError,
  PayoutFailedError,
  RecordNotFoundError,
  ServiceError,
} from '../../../server/gateway/index.ts';

describe('errorFromResponse', () => {
  const table = [
    [
      400,
      { message: 'invalid input: amount' },
      InvalidRequestError,
      'invalid_request',
      /invalid input: amount/,
    ],
    [404, 'record not found', RecordNotFoundError, 'record_not_found', /record not found/],
    [
      413,
      { message: 'body over 100000 bytes' },
      InvalidRequestError,
      'invalid_request',
      /size limit \(body over 100000 bytes\)/,
    ],
    [500, '', ServiceError, 'service_error', /HTTP 500/],
    [302, '', ServiceError, 'service_error', /HTTP 302/],
    [
      200,
      { return_status: '0', return_message: 'signature mismatch' },
      BatchRejectedError,
      'batch_rejected',
      /signature mismatch/,
    ],
    [
      200,
      { status: 'failed', failure_reason: 'account closed', failure_type: 'BENEFICIARY' },
      PayoutFailedError,
      'payout_failed',
      /account closed \(BENEFICIARY\)/,
    ],
  ] as const;

  for (const [status, body, type, code, message] of table) {
    it(`HTTP ${status} ${JSON.stringify(body).slice(0, 40)} → ${type.name}`, () => {
      const error = errorFromResponse(status, body);
      assert.ok(error instanceof type);
      assert.equal(error.code, code);
      assert.equal(error.status, status);
      assert.deepEqual(error.raw, body);
      assert.match(error.message, message);
    });
  }

  it('is undefined for a success', () => {
    assert.equal(errorFromResponse(200, { return_status: '1', return_message: 'OK' }), undefined);
    assert.equal(errorFromResponse(200, { status: 'pending', failure_reason: '' }), undefined);
    assert.equal(errorFromResponse(200, '<html></html>'), undefined);
  });
});
