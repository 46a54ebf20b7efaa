// The booking-openings feature's public surface (issue 39, decisions 0094 and 0098): the waiting
// room, and what a gated session's pages say before the opening.
export { gatingOpening, openingsQuery } from './openings-api.ts';
export { OpeningNotice } from './opening-notice.tsx';
export { WaitingRoomPage } from './waiting-room-page.tsx';
