import { useEffect } from 'react';
import { pushToDataLayer } from '../../app/analytics/data-layer.ts';
import { progressSteps, type SectionKey } from './sections.ts';

/** Progress analytics: steps 1–7 pushed to the data layer as sections open. */
export function useProgressAnalytics(open: SectionKey) {
  useEffect(() => {
    const step = progressSteps[open];
    if (step) pushToDataLayer({ event: 'joiningProgress', step, section: open });
  }, [open]);
}
