// Placeholder until the risk-management screens land.
export function RiskManagementPage({ groups }: { groups: string[] }) {
  return <div>Risk Management ({groups.includes('admins') ? 'admin' : 'user'})</div>;
}
