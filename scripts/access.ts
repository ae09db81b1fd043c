import { readEnv } from '../server/config/env.ts';
import { migrateToLatest, openStoreDatabase } from '../server/db/database.ts';
import { grantAccess, revokeAccess } from '../server/modules/practice/access.ts';
import { oneLine } from '../server/lib/one-line.ts';

const usage = `Usage:
  npm run access -- grant <email> <examId>    open every practice test of the exam for the exam's validity
                                              days, after any access the student has now
  npm run access -- revoke <email> <examId>   end the student's running access to the exam`;

const [command, email, examId, ...extra] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email || !examId || extra.length > 0) {
  if (extra.length > 0) console.error(`Unexpected argument: ${extra.join(' ')}\n`);
  console.error(usage);
  process.exit(2);
}

let handle: ReturnType<typeof openStoreDatabase> | undefined;
try {
  handle = openStoreDatabase(readEnv().DATABASE_URL);
  await migrateToLatest(handle.db);
  const now = new Date();
  if (command === 'grant') {
    const result = await grantAccess(handle.db, email, examId, now);
    if (!result.ok) throw new Error(result.error);
    console.log(`Granted ${email} access to ${examId} until ${result.expiresAt.slice(0, 10)}`);
  } else {
    const result = await revokeAccess(handle.db, email, examId, now);
    if (typeof result === 'object') throw new Error(result.error);
    console.log(result === 0 ? `${email} had no active access to ${examId}` : `Revoked ${email}'s access to ${examId}`);
  }
  await handle.close();
} catch (error) {
  console.error(`${command} failed: ${oneLine(error)}`);
  await handle?.close().catch(() => undefined);
  process.exit(1);
}
