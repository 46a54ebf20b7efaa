/**
 * The field types every section of an operator's catalogue file shares (memberships, promotions
 * and activities alike), so a key, a name, a price or a date is checked and worded the same way
 * wherever it appears.
 */

// Shared with the staff site's timetable (decisions 0092 and 0100), so both check them alike.
export { isoDate, key, pence, text, waiverWording } from '@lido/contracts/catalogue-fields';
