import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { stripBasePath, toApiRequest, toLambdaResult } from './api.ts';
import { edgeOriginValue, fromEdge, viewerAddress } from './edge-origin.ts';

function event(over: Partial<APIGatewayProxyEventV2> & { method?: string; stage?: string }): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'ANY /prod/{proxy+}',
    rawPath: '/prod/files',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method: over.method ?? 'GET', sourceIp: '198.51.100.7' }, stage: over.stage ?? '$default' } as APIGatewayProxyEventV2['requestContext'],
    ...over,
  } as APIGatewayProxyEventV2;
}

describe('Lambda adapter', () => {
  it('strips the base path on the $default stage and a named stage', () => {
    expect(stripBasePath('/prod/files', '/prod', '$default')).toBe('/files');
    expect(stripBasePath('/prod', '/prod', '$default')).toBe('/');
    expect(stripBasePath('/prod/files', '/prod', 'prod')).toBe('/files');
    expect(stripBasePath('/production/files', '/prod', '$default')).toBe('/production/files');
    expect(stripBasePath('/files', '', '$default')).toBe('/files');
  });

  it('lower-cases headers and decodes base64 bodies', () => {
    const req = toApiRequest(
      event({
        method: 'POST',
        rawPath: '/prod/upload',
        headers: { Authorization: 'Bearer t', 'X-CSRF-Token': 'c' },
        queryStringParameters: { q: 'SU' },
        body: Buffer.from('{"a":1}').toString('base64'),
        isBase64Encoded: true,
      }),
    );
    expect(req).toEqual({
      method: 'POST',
      path: '/upload',
      headers: { authorization: 'Bearer t', 'x-csrf-token': 'c' },
      query: { q: 'SU' },
      body: '{"a":1}',
      sourceIp: '198.51.100.7',
    });
  });

  it('serialises JSON bodies and passes raw bodies through', () => {
    expect(toLambdaResult({ status: 201, headers: { a: 'b' }, body: { ok: true } })).toEqual({ statusCode: 201, headers: { a: 'b' }, body: '{"ok":true}' });
    expect(toLambdaResult({ status: 200, rawBody: 'x,y' }).body).toBe('x,y');
    expect(toLambdaResult({ status: 204 }).body).toBe('');
  });
});

describe('through the API edge (CloudFront, stacks/api-edge.ts)', () => {
  it('accepts only the header value derived from the app secret', () => {
    const value = edgeOriginValue('secret-a');
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).not.toContain('secret-a');
    expect(fromEdge({ 'X-Origin-Verify': value }, value)).toBe(true);
    expect(fromEdge({ 'x-origin-verify': edgeOriginValue('secret-b') }, value)).toBe(false);
    expect(fromEdge({ 'x-origin-verify': value.slice(1) }, value)).toBe(false);
    expect(fromEdge({}, value)).toBe(false);
    expect(fromEdge(undefined, value)).toBe(false);
  });

  it("takes the client from CloudFront's X-Forwarded-For hop, not a hop the client added", () => {
    // CloudFront appended the viewer (203.0.113.9); the gateway saw CloudFront (198.51.100.7) and may append it too.
    expect(viewerAddress('10.0.0.1, 203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
    expect(viewerAddress('10.0.0.1, 203.0.113.9, 198.51.100.7', '198.51.100.7')).toBe('203.0.113.9');
    expect(viewerAddress(undefined, '198.51.100.7')).toBe('198.51.100.7');
    const req = toApiRequest(event({ headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9', 'x-origin-verify': 'v' } }), '/prod', true);
    expect(req.sourceIp).toBe('203.0.113.9');
    expect(req.headers).toEqual({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' });
    expect(toApiRequest(event({ headers: { 'x-forwarded-for': '1.2.3.4' } })).sourceIp).toBe('198.51.100.7');
  });
});
