import { consumeAll } from "../core/accounts/index.ts";
import { JOIN_LIMIT_PER_ACCOUNT, JOIN_LIMIT_PER_ADDRESS, tooManyJoins } from "../core/queue/index.ts";
import type { Db } from "../db/client.ts";

/**
 * Counts a join to a drop's line against the client's address and account (in the database, in one statement:
 * every app process shares the counts) and refuses past either limit (queue.rate_limited, 429). Bots minting
 * places meet it; reloading a place one holds is not a join. Every door that joins counts here: the waiting
 * room's (server/lines.ts), the pages' (app/lib/queue.server.ts) and the app's API.
 */
export async function limitJoins(db: Db, clientIp: string, accountId: string | null): Promise<void> {
  const counted = [{ key: `queue-join:address:${clientIp}`, rule: JOIN_LIMIT_PER_ADDRESS }];
  if (accountId) counted.push({ key: `queue-join:account:${accountId}`, rule: JOIN_LIMIT_PER_ACCOUNT });
  if (!(await consumeAll(db, counted))) throw tooManyJoins();
}
