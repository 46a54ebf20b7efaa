import type { Executor } from '../../db/client.ts';
import type { StaffFileEntry } from '../catalogue/index.ts';
import { recordStaffAction } from '../audit/index.ts';
import {
  insertStaffUser,
  revokeStaffSessionsOf,
  staffUserByUsername,
  updateStaffUser,
} from './staff.repository.ts';

/**
 * The catalogue's `staff` section, applied in the import's transaction: a missing account is
 * created with the file's hash; an existing one takes the file's name, role, currency and
 * whether it is active, and keeps its password. Only real changes are written and audited, so
 * importing the same file again changes nothing. Accounts not in the file are left alone (the
 * command line manages those).
 */
export async function importStaff(tx: Executor, operatorId: number, members: StaffFileEntry[]) {
  const by = { tool: 'catalogue import' } as const;
  for (const member of members) {
    const found = await staffUserByUsername(tx, operatorId, member.username);
    if (!found) {
      const created = await insertStaffUser(tx, {
        operatorId,
        username: member.username,
        displayName: member.name,
        role: member.role,
        passwordHash: member.passwordHash,
        currencySymbol: member.currencySymbol,
        centres: member.centres,
      });
      if (!member.active && created) await updateStaffUser(tx, created.id, { active: false });
      await recordStaffAction(tx, {
        by,
        action: 'staff.added',
        details: { staffUserId: created?.id, username: member.username, role: member.role },
      });
      continue;
    }
    const change = {
      ...(found.displayName !== member.name ? { displayName: member.name } : {}),
      ...(found.role !== member.role ? { role: member.role } : {}),
      ...(found.currencySymbol !== member.currencySymbol ? { currencySymbol: member.currencySymbol } : {}),
      ...(found.active !== member.active ? { active: member.active } : {}),
      ...(found.centres.join(',') !== member.centres.join(',') ? { centres: member.centres } : {}),
    };
    if (Object.keys(change).length === 0) continue;
    await updateStaffUser(tx, found.id, change);
    if (change.role !== undefined || change.active === false || change.centres !== undefined)
      await revokeStaffSessionsOf(tx, found.id, new Date());
    await recordStaffAction(tx, {
      by,
      action: 'staff.changed',
      details: { staffUserId: found.id, username: found.username, ...change },
    });
  }
}
