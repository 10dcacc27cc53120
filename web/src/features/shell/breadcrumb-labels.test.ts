import { describe, expect, it } from 'vitest';
import { buildCrumbs } from './breadcrumb-labels.ts';

describe('buildCrumbs', () => {
  it('labels path segments as the spec names them', () => {
    expect(buildCrumbs('/')).toEqual([{ label: 'Home', to: '/' }]);
    expect(buildCrumbs('/multi-upload').map((c) => c.label)).toEqual(['Home', 'Multi-File Upload']);
    expect(buildCrumbs('/results').map((c) => c.label)).toEqual(['Home', 'Analysis Results']);
    expect(buildCrumbs('/analysis/0d2f6cb7-8d83-440c').map((c) => c.label)).toEqual(['Home', 'Analysis', '0d2f6cb7…']);
    expect(buildCrumbs('/results/0d2f6cb7-8d83-440c/findings').map((c) => c.label)).toEqual(['Home', 'Analysis Results', '0d2f6cb7…', 'Findings']);
    expect(buildCrumbs('/upload').at(-1)).toEqual({ label: 'Upload File', to: '/upload' });
  });
});
