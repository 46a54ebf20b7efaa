// The waiting-list feature's public surface (decision 0052): the panel a full session's page shows,
// and My account's list of the customer's waiting lists.
export { WaitingListPanel } from './waiting-list-panel.tsx';
export { MyWaitingLists } from './my-waiting-lists.tsx';
