import { shortId } from '../../lib/format.ts';

/** Breadcrumb labels of path segments (spec section 2). Unknown segments (ids) are shown shortened. */
const LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  analytics: 'Analytics',
  upload: 'Upload File',
  'multi-upload': 'Multi-File Upload',
  files: 'File Manager',
  history: 'Analysis History',
  results: 'Analysis Results',
  about: 'About',
  analysis: 'Analysis',
  'risk-management': 'Risk Management',
  help: 'Help',
  rules: 'Detection Rules',
  suppressions: 'Suppressions',
  timeline: 'User Timeline',
  findings: 'Findings',
  security: 'Account Security',
};

export interface Crumb {
  label: string;
  to: string;
}

/** Home plus one crumb per path segment. */
export function buildCrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }];
  segments.forEach((segment, i) => {
    const label = LABELS[segment] ?? shortId(segment);
    crumbs.push({ label, to: `/${segments.slice(0, i + 1).join('/')}` });
  });
  return crumbs;
}
