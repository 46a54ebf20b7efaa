// The staff site's public surface (issue 19, decision 0057). The pages load lazily from the site's
// entry; the till (till/, exporting tillRoutes) reads the selected customer and the staff money format.
export { actForSelectedCustomerOnEveryCall } from './acting-for.ts';
export { RequireStaff, StaffLayout } from './staff-layout.tsx';
export { useSelectedCustomerId } from './selected-customer.ts';
export { formatStaffMoney, useStaffCurrencySymbol, useStaffMoney } from './staff-money.ts';
export { tillRoutes } from './till/till-routes.tsx';
