import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useAuth } from '../../auth/use-auth.ts';
import { RiskManagementPage } from '../risk-management/RiskManagementPage.tsx';

export const ADMIN_REQUIRED_MESSAGE = 'You need administrator privileges to access this feature';

/** Risk Management for admins; everyone else is told why not. */
export function RiskManagementRoute() {
  const { user, isAdmin } = useAuth();
  if (!isAdmin) {
    return (
      <Alert color="red" title="Access denied" icon={<IconLock size={18} aria-hidden />} role="alert">
        {ADMIN_REQUIRED_MESSAGE}
      </Alert>
    );
  }
  return <RiskManagementPage groups={user?.groups ?? []} />;
}
