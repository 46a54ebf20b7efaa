// The activities feature's public surface: a centre's timetable (the session page loads lazily).
export { Timetable } from './timetable.tsx';
