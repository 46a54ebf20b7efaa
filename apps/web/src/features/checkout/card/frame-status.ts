import { useCallback, useState } from 'react';

/** What a provider's card frame has told us: loaded, complete, or why it could not load. */
export interface FrameStatus {
  key: string;
  ready: boolean;
  valid: boolean;
  error: string | null;
}

const fresh = (key: string): FrameStatus => ({ key, ready: false, valid: false, error: null });

/**
 * The status of the frame identified by `frameKey` (script, session, mode…): a new key starts
 * afresh, so a report from an earlier frame never leaks into the next one.
 */
export function useFrameStatus(frameKey: string) {
  const [reported, setReported] = useState<FrameStatus>(fresh(''));
  const current = reported.key === frameKey ? reported : fresh(frameKey);
  const report = useCallback(
    (change: Partial<Omit<FrameStatus, 'key'>>) =>
      setReported((previous) => ({ ...(previous.key === frameKey ? previous : fresh(frameKey)), ...change })),
    [frameKey],
  );
  return { current, report };
}
