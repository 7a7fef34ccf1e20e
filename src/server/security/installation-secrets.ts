import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * A random value every instance on the database shares, made by the first that asks: what signs
 * unsubscribe links, the key to the kept mail. Instances asking at once agree, since the first
 * insert wins and all read it back.
 */
export async function installationSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('installation_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('installation_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
