import fs from "node:fs";
import path from "node:path";
import type { StoredMail } from "./global-setup.ts";

export type { StoredMail };

const MAIL_DIR = path.resolve(".e2e-mail");

function readAll(): StoredMail[] {
  let names: string[];
  try {
    names = fs.readdirSync(MAIL_DIR).filter((n) => n.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, n), "utf8")) as StoredMail);
}

/**
 * The newest mail caught for `to` whose subject matches, waiting up to 15 s for it to arrive
 * (e2e/global-setup.ts runs the SMTP server that writes them).
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<StoredMail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readAll()
      .filter((m) => m.to.includes(address) && subject.test(m.subject))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = readAll().map((m) => `  ${m.to.join(", ")}: ${m.subject}`);
      throw new Error(`No mail to ${to} with a subject matching ${subject} within ${timeoutMs / 1000} s. Caught:\n${seen.join("\n") || "  (none)"}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export { linkIn } from "../tests/mail-catcher.ts";
