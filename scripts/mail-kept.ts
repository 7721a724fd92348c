/**
 * npm run mail:kept: prints the mail the store kept instead of sending (no SMTP_URL), oldest first so the
 * newest is last on screen, from DATABASE_URL or the embedded database in DATA_DIR: recipient, subject, when,
 * and the text with its links (verify an address, reset a password). `-- --limit N` (default 20).
 */
import { listKeptMail } from "../core/mail/index.ts";
import { openStoreDatabase } from "./store-database.ts";

const given = process.argv.indexOf("--limit");
const limit = given >= 0 ? Number.parseInt(process.argv[given + 1] ?? "", 10) : 20;
if (!Number.isInteger(limit) || limit < 1) {
  console.error("usage: npm run mail:kept [-- --limit <number>]");
  process.exit(2);
}
const database = await openStoreDatabase("npm run mail:kept");
try {
  const mails = (await listKeptMail(database.db, limit)).reverse();
  if (mails.length === 0) console.log("No kept mail.");
  for (const mail of mails) {
    console.log(["─".repeat(72), `To:      ${mail.to}`, `Subject: ${mail.subject}`, `When:    ${mail.createdAt.toISOString()}`, "", mail.text.trim(), ""].join("\n"));
  }
} finally {
  await database.close();
}
