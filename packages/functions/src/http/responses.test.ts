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

  it("allows the web app's origin only, and no origin when none is configured", () => {
    const pinned = withStandardHeaders({ status: 204 }, 'https://d111.cloudfront.net').headers!;
    expect(pinned['access-control-allow-origin']).toBe('https://d111.cloudfront.net');
    expect(pinned['access-control-allow-headers']).toBe('Authorization, Content-Type, X-CSRF-Token');
    const none = withStandardHeaders({ status: 204 }).headers!;
    expect(Object.keys(none).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});
