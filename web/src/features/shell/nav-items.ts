import {
  IconDashboard,
  IconUpload,
  IconFolder,
  IconHistory,
  IconChartBar,
  IconInfoCircle,
  IconShieldLock,
  IconShieldCheck,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  adminOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/', icon: IconDashboard },
  { label: 'Upload Files', to: '/upload', icon: IconUpload },
  { label: 'File Manager', to: '/files', icon: IconFolder },
  { label: 'Analysis History', to: '/history', icon: IconHistory },
  { label: 'Analytics', to: '/analytics', icon: IconChartBar },
  { label: 'Suppressions', to: '/suppressions', icon: IconShieldCheck },
  { label: 'About', to: '/about', icon: IconInfoCircle },
  { label: 'Risk Management', to: '/risk-management', icon: IconShieldLock, adminOnly: true },
];

/** The items a user with these groups sees. */
export function visibleNavItems(groups: string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.adminOnly || groups.includes('admins'));
}
