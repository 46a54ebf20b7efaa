import { parseArgs } from 'node:util';
import { staffRoles, type StaffRole } from '@lido/contracts/staff';
import { type StaffAccounts, StaffAccountProblem } from './staff-accounts.ts';

const staffUsage = `Usage: npm run staff -- COMMAND [options]
  list
  add --username NAME --name "Full Name" --role desk|supervisor|manager [--centres SLUG,SLUG] [--currency SYMBOL]
  password --username NAME
  change --username NAME [--name "Full Name"] [--role desk|supervisor|manager] [--centres SLUG,SLUG] [--currency SYMBOL]
  deactivate --username NAME
  activate --username NAME
  unlock NAME | unlock --username NAME   (lifts a lock after too many wrong passwords)
  hash      (an argon2id hash of a password, for the catalogue file's staff section)
A manager is given the centres (venue slugs) whose timetable they run with --centres.
A password is read from STAFF_PASSWORD, or from the first line of standard input.`;

interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** the new password: from the environment or standard input, never from the command line */
  readPassword: () => Promise<string>;
}

const roleOf = (value: string | undefined): StaffRole | undefined => {
  if (value === undefined) return undefined;
  if ((staffRoles as readonly string[]).includes(value)) return value as StaffRole;
  throw new StaffAccountProblem([`The role must be one of: ${staffRoles.join(', ')}.`]);
};

/**
 * `npm run staff -- …` (issue 19 item 2): the operator's IT manages staff accounts from the command
 * line; every change is audited as made by the command line. Answers the exit code.
 */
export async function runStaffCommand(
  argv: string[],
  accounts: StaffAccounts,
  operatorId: number,
  io: CliIo,
): Promise<number> {
  const [command, ...rest] = argv;
  let values: Record<string, string | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: {
        username: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        currency: { type: 'string' },
        centres: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${staffUsage}\n`);
    return 64;
  }
  // Only `unlock` takes the username on its own, as the README shows it.
  if (positionals.length > (command === 'unlock' && values.username === undefined ? 1 : 0)) {
    io.err(`Unexpected argument "${positionals.at(-1)}".\n${staffUsage}\n`);
    return 64;
  }
  const actor = { tool: 'command line' } as const;
  const centres =
    values.centres === undefined
      ? undefined
      : values.centres
          .split(',')
          .map((centre) => centre.trim())
          .filter((centre) => centre !== '');
  const needUsername = () => {
    if (!values.username) throw new StaffAccountProblem(['Give the staff member’s --username.']);
    return values.username;
  };
  try {
    switch (command) {
      case 'list': {
        for (const member of await accounts.list(operatorId))
          io.out(
            `${member.username}\t${member.displayName}\t${member.role}${member.centres.length > 0 ? ` (${member.centres.join(', ')})` : ''}\t${member.currencySymbol}\t${member.active ? 'active' : 'closed'}\n`,
          );
        return 0;
      }
      case 'add': {
        const username = needUsername();
        if (!values.name || !values.role)
          throw new StaffAccountProblem(['Give the new staff member’s --name and --role.']);
        const created = await accounts.add(
          operatorId,
          {
            username,
            name: values.name,
            role: roleOf(values.role)!,
            password: await io.readPassword(),
            ...(values.currency ? { currencySymbol: values.currency } : {}),
            ...(centres !== undefined ? { centres } : {}),
          },
          actor,
        );
        io.out(
          `Added ${created.username} (${created.role}${created.centres.length > 0 ? ` at ${created.centres.join(', ')}` : ''}).\n`,
        );
        return 0;
      }
      case 'password': {
        const changed = await accounts.change(
          operatorId,
          needUsername(),
          { password: await io.readPassword() },
          actor,
        );
        io.out(`Set a new password for ${changed.username}; their sessions have ended.\n`);
        return 0;
      }
      case 'change': {
        const role = roleOf(values.role);
        const changed = await accounts.change(
          operatorId,
          needUsername(),
          {
            ...(values.name !== undefined ? { name: values.name } : {}),
            ...(role !== undefined ? { role } : {}),
            ...(values.currency !== undefined ? { currencySymbol: values.currency } : {}),
            ...(centres !== undefined ? { centres } : {}),
          },
          actor,
        );
        io.out(`Changed ${changed.username}.\n`);
        return 0;
      }
      case 'deactivate':
      case 'activate': {
        const changed = await accounts.change(
          operatorId,
          needUsername(),
          { active: command === 'activate' },
          actor,
        );
        io.out(
          `${changed.username} is ${changed.active ? 'active' : 'closed; their sessions have ended'}.\n`,
        );
        return 0;
      }
      case 'unlock': {
        const { staff, failures } = await accounts.unlock(
          operatorId,
          values.username ?? positionals[0] ?? needUsername(),
          actor,
        );
        io.out(
          `Unlocked ${staff.username}: ${failures} failed login${failures === 1 ? '' : 's'} forgotten.\n`,
        );
        return 0;
      }
      case 'hash': {
        io.out(`${await accounts.hash(await io.readPassword())}\n`);
        return 0;
      }
      default:
        io.err(`${staffUsage}\n`);
        return 64;
    }
  } catch (error) {
    if (error instanceof StaffAccountProblem) {
      io.err(`${error.problems.join('\n')}\n`);
      return 65;
    }
    throw error;
  }
}
