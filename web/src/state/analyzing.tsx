import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** Which analysis is running, for the Analyzing overlay in the shell. */
interface AnalyzingState {
  /** Label of the running analysis (file name or "3 files"), or null. */
  label: string | null;
  setAnalyzing: (label: string | null) => void;
}

const AnalyzingContext = createContext<AnalyzingState | null>(null);

export function AnalyzingProvider({ children }: { children: ReactNode }) {
  const [label, setAnalyzing] = useState<string | null>(null);
  const value = useMemo(() => ({ label, setAnalyzing }), [label]);
  return <AnalyzingContext.Provider value={value}>{children}</AnalyzingContext.Provider>;
}

export function useAnalyzing(): AnalyzingState {
  const ctx = useContext(AnalyzingContext);
  if (!ctx) throw new Error('useAnalyzing() must be used inside <AnalyzingProvider>');
  return ctx;
}
