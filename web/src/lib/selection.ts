import { useCallback, useMemo, useState } from 'react';

/** Checkbox selection over a list of ids; ids that disappear from the list drop out. */
export function useSelection(ids: string[]) {
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const selected = useMemo(() => ids.filter((id) => picked.has(id)), [ids, picked]);
  const toggle = useCallback(
    (id: string) =>
      setPicked((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const selectAll = useCallback(() => setPicked(new Set(ids)), [ids]);
  const clear = useCallback(() => setPicked(new Set()), []);
  return { selected, isSelected: (id: string) => picked.has(id), toggle, selectAll, clear };
}
