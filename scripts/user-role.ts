/** npm run user:role -- <email> <role>: sets an account's role (how the first super_admin is made). */
import { ROLES, type Role } from "../db/schema/auth.ts";
import { setRoleByEmail } from "../core/accounts/index.ts";
import { isDomainError } from "../core/shared/errors.ts";
import { openStoreDatabase } from "./store-database.ts";
// A refusal's message in English (the texts word domain errors once loaded).
import "../texts/outcomes.ts";

const [email, role] = process.argv.slice(2);
if (!email || !role || !(ROLES as readonly string[]).includes(role)) {
  console.error(`usage: npm run user:role -- <email> <${ROLES.join("|")}>`);
  process.exit(2);
}
const database = await openStoreDatabase("npm run user:role");
try {
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
