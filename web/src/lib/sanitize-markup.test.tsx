import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { sanitizeMarkup } from './sanitize-markup.ts';

function html(text: string): string {
  const { container } = render(<div data-testid="out">{sanitizeMarkup(text)}</div>);
  return container.querySelector('[data-testid="out"]')!.innerHTML;
}

describe('sanitizeMarkup', () => {
  it('keeps b, i, em, strong and code without attributes', () => {
    expect(html('<b class="x">3</b> <i>a</i> <em>b</em> <strong onclick="x()">c</strong> <code>SU01</code>')).toBe(
      '<b>3</b> <i>a</i> <em>b</em> <strong>c</strong> <code>SU01</code>',
    );
  });

  it('strips every other tag but keeps its text, and drops scripts entirely', () => {
    expect(html('<a href="javascript:alert(1)">link</a><img src=x onerror="alert(1)"><script>alert(2)</script><u>u</u>')).toBe('linku');
  });

  it('leaves plain text untouched and shows entities as text', () => {
    expect(sanitizeMarkup('plain text')).toBe('plain text');
    render(<div>{sanitizeMarkup('a &lt;b&gt; c')}</div>);
    expect(screen.getByText('a <b> c')).toBeInTheDocument();
  });
});
