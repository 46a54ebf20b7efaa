import { startSite } from '../../app/create-site.tsx';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { CentrePage } from './centre-page.tsx';
import { JoiningHomePage } from './joining-home-page.tsx';

startSite('online-joining', [
  {
    index: true,
    element: <JoiningHomePage />,
    handle: { title: 'Online Joining', breadcrumb: 'Buy membership' },
  },
  {
    path: 'centre/:centreSlug',
    element: <CentrePage />,
    handle: { title: 'Centre Details', breadcrumb: 'Buy membership' },
  },
  { path: 'login', element: <LoginPage />, handle: { title: 'Login', breadcrumb: 'Log in' } },
]);
