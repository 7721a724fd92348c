import type { Db } from "../../db/client.ts";
import { JOIN_LIMIT_PER_ACCOUNT, JOIN_LIMIT_PER_ADDRESS, tooManyJoins } from "../queue/index.ts";
import { consumeAll } from "./throttle.ts";

/*
 * The join limits of drops' lines (ADR 0040): joins (a place taken; reloading a place one holds is not one)
 * are counted per address and per account, in the database, so every app process shares the counts. A key
 * this process has seen refused is refused again here until its window ends, without the database: a bot
 * farm past its limit costs the stores a map lookup per try, not a statement on the same few rows.
 */

const refusedUntil = new Map<string, number>();
const MAX_REMEMBERED = 10_000;

const addressKey = (clientIp: string) => `queue-join:address:${clientIp}`;
const accountKey = (accountId: string) => `queue-join:account:${accountId}`;

/** Whether this process already knows the address (and the account, when given) to be past its limit now. */
export function joinRefusedHere(clientIp: string, accountId: string | null = null): boolean {
  const now = Date.now();
  return [addressKey(clientIp), ...(accountId ? [accountKey(accountId)] : [])].some((key) => {
    const until = refusedUntil.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    refusedUntil.delete(key);
    return false;
  });
}

/**
 * Counts a join against the client's address and account (one statement) and refuses past either limit
 * (queue.rate_limited, 429). Every door that joins counts here: the waiting room's (server/lines.ts), the
 * pages' (app/lib/queue.server.ts) and the app's API.
 */
export async function limitJoins(db: Db, clientIp: string, accountId: string | null): Promise<void> {
  if (joinRefusedHere(clientIp, accountId)) throw tooManyJoins();
  const counted = [{ key: addressKey(clientIp), rule: JOIN_LIMIT_PER_ADDRESS }];
  if (accountId) counted.push({ key: accountKey(accountId), rule: JOIN_LIMIT_PER_ACCOUNT });
  const over = await consumeAll(db, counted);
  if (over.length === 0) return;
  if (refusedUntil.size >= MAX_REMEMBERED) refusedUntil.clear();
  for (const { key, until } of over) refusedUntil.set(key, until.getTime());
  throw tooManyJoins();
}
