import { describe, expect, it } from 'vitest';
import { errorResponse, withStandardHeaders } from './responses.ts';

describe('withStandardHeaders', () => {
  it('marks every API answer no-store and nosniff, errors included (API Gateway adds neither)', () => {
    for (const res of [{ status: 200, body: { ok: true } }, errorResponse(404, 'NOT_FOUND', 'No such API route: GET /<script>'), { status: 204 }]) {
      const headers = withStandardHeaders(res).headers!;
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cache-control']).toBe('no-store');
    }
    expect(withStandardHeaders({ status: 200, body: {} }).headers!['content-type']).toBe('application/json; charset=utf-8');
  });

  it('lets a route set its own headers', () => {
    expect(withStandardHeaders({ status: 429, headers: { 'Retry-After': '600' }, body: {} }).headers!['retry-after']).toBe('600');
  });
});
