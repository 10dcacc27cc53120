import { lazy, Suspense, useEffect, useState } from 'react';
import { registerConfirmHost, type ConfirmRequest } from './confirm.ts';

const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));

/** Renders the pending confirmation, if any. Mount once near the root. */
export function ConfirmHost() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  useEffect(() => registerConfirmHost(setRequest), []);
  if (!request) return null;
  const finish = (ok: boolean) => {
    setRequest(null);
    request.resolve(ok);
  };
  return (
    <Suspense fallback={null}>
      <ConfirmDialog request={request} onFinish={finish} />
    </Suspense>
  );
}
