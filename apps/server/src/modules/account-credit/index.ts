/** The account credit module's door (issue 32 item 3, decision 0081). */
export { addCredit, creditBalanceOf, spendCredit } from './account-credit.repository.ts';
