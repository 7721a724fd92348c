/** npm run user:role -- <email> <role>: sets an account's role (how the first super_admin is made). */
import { ROLES, type Role } from "../db/schema/auth.ts";
import { setRoleByEmail } from "../core/accounts/index.ts";
import { isDomainError } from "../core/shared/errors.ts";
import { openDatabase } from "../db/client.ts";
import { loadEnv } from "../server/env.ts";

const [email, role] = process.argv.slice(2);
if (!email || !role || !(ROLES as readonly string[]).includes(role)) {
  console.error(`usage: npm run user:role -- <email> <${ROLES.join("|")}>`);
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  await setRoleByEmail(database.db, email, role as Role);
  console.log(`${email} is now ${role}`);
} catch (error) {
  if (isDomainError(error)) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
