import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AnalysisResult } from '../api/types.ts';

/** The completed analysis shown by `/` and `/results`; survives a reload, cleared on logout. */
const STORAGE_KEY = 'sap-analyzer:held-result';

interface HeldResultState {
  result: AnalysisResult | null;
  hold: (result: AnalysisResult) => void;
  clear: () => void;
}

const HeldResultContext = createContext<HeldResultState | null>(null);

function readStored(): AnalysisResult | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as AnalysisResult) : null;
  } catch {
    return null;
  }
}

const forgetListeners = new Set<() => void>();

/** Drops the held result from storage and from every mounted provider (sign-out). */
export function forgetHeldResult(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  forgetListeners.forEach((listener) => listener());
}

export function HeldResultProvider({ children }: { children: ReactNode }) {
  const [result, setResult] = useState<AnalysisResult | null>(readStored);
  useEffect(() => {
    const listener = () => setResult(null);
    forgetListeners.add(listener);
    return () => void forgetListeners.delete(listener);
  }, []);
  const hold = useCallback((next: AnalysisResult) => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setResult(next);
  }, []);
  const clear = useCallback(() => {
    forgetHeldResult();
    setResult(null);
  }, []);
  const value = useMemo(() => ({ result, hold, clear }), [result, hold, clear]);
  return <HeldResultContext.Provider value={value}>{children}</HeldResultContext.Provider>;
}

export function useHeldResult(): HeldResultState {
  const ctx = useContext(HeldResultContext);
  if (!ctx) throw new Error('useHeldResult() must be used inside <HeldResultProvider>');
  return ctx;
}
