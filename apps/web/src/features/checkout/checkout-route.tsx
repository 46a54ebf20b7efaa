import { RequireLogin } from '../auth/index.ts';
import { CheckoutPage } from './checkout-page.tsx';

/** /checkout is for a logged-in customer only. */
export function CheckoutRoute() {
  return (
    <RequireLogin>
      <CheckoutPage />
    </RequireLogin>
  );
}
