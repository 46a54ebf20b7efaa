import { startSite } from '../../app/create-site.tsx';
import { DashboardPage } from './dashboard-page.tsx';

startSite('my-account', [
  { index: true, element: <DashboardPage />, handle: { title: 'My account', breadcrumb: 'My account' } },
]);
