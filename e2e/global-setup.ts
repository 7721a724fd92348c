import fs from "node:fs";
import path from "node:path";
import { startMailCatcher, type CaughtMail } from "../tests/mail-catcher.ts";

/** Where the e2e run keeps the mail the store sends: one JSON file per message, numbered in order. */
export const MAIL_DIR = path.resolve(".e2e-mail");

/** What e2e/mail.ts reads back. */
export type StoredMail = CaughtMail;

/**
 * A local SMTP server for the store under test (playwright.config.ts points SMTP_URL at it): every
 * message it receives becomes a file in .e2e-mail/, read by e2e/mail.ts.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT ?? 2526);
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let counter = 0;
  const catcher = await startMailCatcher({
    port,
    onMail(mail) {
      counter += 1;
      const name = `${String(counter).padStart(5, "0")}.json`;
      // Written under another name first, so a reader never sees half a file.
      const tmp = path.join(MAIL_DIR, `.${name}.tmp`);
      fs.writeFileSync(tmp, JSON.stringify(mail, null, 2));
      fs.renameSync(tmp, path.join(MAIL_DIR, name));
    },
  });
  return () => catcher.close();
}
