import { afterFirstPaint } from '../after-first-paint.ts';

// The site's HTML loads this first: the app starts once the spinner has painted (decision 0091).
afterFirstPaint(() => void import('./main.tsx'));
