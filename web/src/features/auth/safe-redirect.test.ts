import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps paths inside the app, with their query and hash', () => {
    expect(safeRedirect('/results/42?tab=flags#top')).toBe('/results/42?tab=flags#top');
    expect(safeRedirect('/files')).toBe('/files');
    expect(safeRedirect('/a/../files')).toBe('/files');
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['protocol-relative', '//evil.example'],
    ['backslash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['encoded backslash (%5C)', '/%5Cevil.example'],
    ['doubly encoded backslash', '/%255Cevil.example'],
    ['encoded slash', '/%2Fevil.example'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/\n/evil.example'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['relative path', 'files'],
    ['broken escape', '/%E0%A4%A'],
    ['the login page', '/login?redirect=/files'],
    ['the login page in capitals', '/LOGIN'],
    ['the login page, encoded', '/%6Cogin'],
    ['empty', ''],
    ['not a string', 42],
    ['undefined', undefined],
    ['very long', `/${'a'.repeat(5000)}`],
  ])('sends %s to "/"', (_what, target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});
