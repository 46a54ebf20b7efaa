import type { StaffAuditAnswer } from '@lido/contracts/staff-audit';
import { prettyDate, todayIn, zonedFormat } from '@lido/pricing/calendar-date';
import { useEffect, useState } from 'react';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { Link } from '../../../router/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { DayPicker } from '../till/day-picker.tsx';
import { LoadFailed } from '../till/load-failed.tsx';
import { useStaffMe } from '../till/till-api.ts';
import { useStaffAudit } from './get-staff-audit.ts';
import '../till/till.css';

type StaffMembers = StaffAuditAnswer['staffMembers'];

/** "14:05:09": when, on the centre's clock (to the second: a busy desk does several things a minute). */
const auditTime = (iso: string, timeZone: string) =>
  zonedFormat('en-GB', timeZone, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(iso),
  );

function StaffSelect({
  members,
  staffId,
  onChange,
}: {
  members: StaffMembers;
  staffId: number | null;
  onChange: (staffId: number | null) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="audit-staff">
        Member of staff
      </label>
      <select
        id="audit-staff"
        className="field__input"
        value={staffId ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">Everyone</option>
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
            {member.active ? '' : ' (account closed)'}
          </option>
        ))}
      </select>
    </div>
  );
}

function AuditLog({ timeZone }: { timeZone: string }) {
  const [date, setDate] = useState(() => todayIn(timeZone, new Date()));
  const [staffId, setStaffId] = useState<number | null>(null);
  const audit = useStaffAudit(date, staffId);
  // The select keeps the members it last knew, so it never empties (and loses focus) while loading.
  const latestMembers = audit.data?.pages[0]?.staffMembers;
  const [members, setMembers] = useState<StaffMembers>([]);
  if (latestMembers && latestMembers !== members) setMembers(latestMembers);
  // After "Show older entries", focus goes to the first entry it brought (the button may be gone).
  const [focusEntry, setFocusEntry] = useState<number | null>(null);
  useEffect(() => {
    if (focusEntry !== null) document.getElementById(`audit-entry-${focusEntry}`)?.focus();
  }, [focusEntry]);

  const day = prettyDate(date);
  const who = staffId === null ? null : (members.find((member) => member.id === staffId)?.name ?? null);
  const scope = who ? `by ${who} on ${day}` : `on ${day}`;
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const loading = audit.isPending || audit.isPlaceholderData;

  return (
    <>
      <div className="till-toolbar">
        <DayPicker date={date} onChange={setDate} />
        <StaffSelect members={members} staffId={staffId} onChange={setStaffId} />
      </div>
      <p role="status" className="visually-hidden">
        {loading || audit.isError
          ? ''
          : `${entries.length === 1 ? '1 entry' : `${entries.length} entries`} ${scope}${audit.hasNextPage ? ', and older ones' : ''}.`}
      </p>
      {loading ? (
        <Spinner label="Loading the audit log" />
      ) : audit.isError && !audit.data ? (
        <LoadFailed error={audit.error} />
      ) : entries.length === 0 ? (
        <p>Nothing was recorded {scope}.</p>
      ) : (
        <>
          <TableScroll label={`Audit log ${scope}`}>
            <table className="table">
              <caption>What staff did {scope}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Member of staff</th>
                  <th scope="col">Action</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" id={`audit-entry-${entry.id}`} tabIndex={-1}>
                      <time dateTime={entry.at}>{auditTime(entry.at, timeZone)}</time>
                    </th>
                    <td>{entry.who}</td>
                    <td>{entry.description}</td>
                    <td>
                      {entry.customer ? (
                        <>
                          <Link to={`/customers/${entry.customer.id}`}>{entry.customer.name}</Link>{' '}
                          {entry.customer.reference}
                        </>
                      ) : (
                        ''
                      )}
                    </td>
                    <td>{entry.details ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {audit.hasNextPage && (
            <Button
              variant="secondary"
              size="md"
              // Not disabled while loading: a disabled button would drop the keyboard's focus.
              onClick={() => {
                if (audit.isFetchingNextPage) return;
                void audit.fetchNextPage().then((result) => {
                  const first = result.data?.pages.at(-1)?.entries[0];
                  if (first) setFocusEntry(first.id);
                });
              }}
            >
              {audit.isFetchingNextPage ? 'Loading older entries…' : 'Show older entries'}
            </Button>
          )}
          {audit.isFetchNextPageError && <LoadFailed error={audit.error} />}
        </>
      )}
    </>
  );
}

/**
 * /audit on the staff site (supervisor, issue 32 item 6): who did what, when and for whom, from the
 * append-only staff audit log, by day and member of staff (decision 0074).
 */
export function AuditPage() {
  const { timeZone } = useClientSettings();
  const staff = useStaffMe();
  return (
    <section aria-labelledby="audit-heading" className="till">
      <h1 id="audit-heading">Audit log</h1>
      {staff.isPending ? (
        <Spinner label="Loading" />
      ) : staff.data?.role !== 'supervisor' ? (
        <p>Only a supervisor can see the audit log.</p>
      ) : (
        <AuditLog timeZone={timeZone} />
      )}
    </section>
  );
}
