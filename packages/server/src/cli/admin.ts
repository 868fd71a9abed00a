/**
 * npm run admin -- reset-password <username> | unlock <username>: what an operator locked out of
 * the console does on the server's machine, against the database the server uses (DATA_DIR or
 * DATABASE_URL), without starting the server. Each change writes its system-log row, in its own
 * transaction, saying it came from the command line.
 */
import { parseArgs } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import { formatMessage } from '@agora/contract';
import { adminPasswordRefusal, OperatorRefusal, type Config } from '../platform/config.js';
import { hashPassword, md5 } from '../platform/passwords.js';
import { endLock } from '../platform/throttle.js';
import { adminUsers } from '../modules/admins/tables.js';
import { revokeSessions } from '../modules/session/service.js';
import type { Db } from '../db/client.js';
import { describeDatabase, logCommand, openForCommand, runCommand, say, type Text } from './command.js';
import { readHidden } from './prompt.js';

const TEXTS = {
  passwordPrompt: { zh: '新密码', en: 'New password' },
  againPrompt: { zh: '再输入一次', en: 'Again' },
  typedName: { zh: '新密码', en: 'the new password' },
  reset: { zh: '已重置管理员“{username}”的密码，其所有登录会话已退出（{database}）', en: 'The password of administrator "{username}" is reset and every session of theirs is signed out ({database})' },
  resetLog: { zh: '命令行：重置管理员“{username}”的密码', en: 'Command line: reset the password of administrator "{username}"' },
  unlocked: { zh: '已解除管理员“{username}”的登录锁定和二次验证锁定（{database}）', en: 'Administrator "{username}" can sign in and verify again: the lockouts are ended ({database})' },
  unlockLog: { zh: '命令行：解除管理员“{username}”的登录锁定', en: 'Command line: end the sign-in lockout of administrator "{username}"' },
};

const fill = (text: Text, params: Record<string, string>): Text => ({ zh: formatMessage(text.zh, params), en: formatMessage(text.en, params) });

/** The new password: ADMIN_PASSWORD when set (for scripts), else typed twice on the terminal; the server's rule and refusals either way. */
async function newPassword(): Promise<string> {
  const given = process.env.ADMIN_PASSWORD;
  if (given) {
    const refusal = adminPasswordRefusal(given);
    if (refusal) throw new OperatorRefusal(refusal, { name: 'ADMIN_PASSWORD' });
    return given;
  }
  if (!process.stdin.isTTY) throw new OperatorRefusal('COMMAND_PASSWORD_NEEDED');
  const typed = await readHidden(`${TEXTS.passwordPrompt.zh} / ${TEXTS.passwordPrompt.en}: `);
  const refusal = adminPasswordRefusal(typed);
  if (refusal) throw new OperatorRefusal(refusal, { name: `${TEXTS.typedName.zh} / ${TEXTS.typedName.en}` });
  if ((await readHidden(`${TEXTS.againPrompt.zh} / ${TEXTS.againPrompt.en}: `)) !== typed) throw new OperatorRefusal('COMMAND_PASSWORD_MISMATCH');
  return typed;
}

const COMMANDS = ['reset-password', 'unlock'] as const;
type Command = (typeof COMMANDS)[number];

async function admin(config: Config): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [command, username, ...extra] = positionals;
  if (!COMMANDS.includes(command as Command) || !username || extra.length > 0) throw new OperatorRefusal('COMMAND_USAGE');
  const database = await openForCommand(config);
  try {
    const [account] = await database.db
      .select({ id: adminUsers.id, username: adminUsers.username })
      .from(adminUsers)
      .where(and(eq(adminUsers.username, username), isNull(adminUsers.deletedAt)));
    if (!account) throw new OperatorRefusal('COMMAND_ADMIN_NOT_FOUND', { username });
    const where = { username: account.username, database: describeDatabase(config) };
    if (command === 'reset-password') {
      const passwordHash = await hashPassword(md5(await newPassword()));
      await database.db.transaction(async (tx) => {
        await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, account.id));
        // whoever holds a session of the account may be why its password is reset
        await revokeSessions({ db: tx as unknown as Db }, { adminId: account.id }, 'password-reset');
        await logCommand(tx, 'npm run admin -- reset-password', fill(TEXTS.resetLog, where), { username: account.username });
      });
      say(TEXTS.reset, where);
    } else {
      await database.db.transaction(async (tx) => {
        // the sign-in lock is the account name's, the second step's is the account's own (modules/verification)
        await endLock(tx as unknown as Db, account.username, 'command line');
        await endLock(tx as unknown as Db, `two-step:${account.id}`, 'command line');
        await logCommand(tx, 'npm run admin -- unlock', fill(TEXTS.unlockLog, where), { username: account.username });
      });
      say(TEXTS.unlocked, where);
    }
  } finally {
    await database.close();
  }
}

await runCommand(admin);
