import net from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueMail, type Mail } from "../core/mail/index.ts";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema/index.ts";
import { startJobs, type Jobs } from "../server/jobs.ts";
import { createMailTransport, startMailWorker } from "../server/mail.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { startMailCatcher } from "./mail-catcher.ts";

let database: TestDatabase;
let db: Db;
const running: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  for (const jobs of running) await jobs.stop();
  await database?.destroy();
});

const mail = (to: string, subject: string): Mail => ({ kind: "password_reset", to, subject, text: `Secret link for ${to}: http://store.test/reset/abc`, html: "<p>hi</p>" });

/** A worker process's share of the queue: pg-boss on the same database, polling fast, with the mail worker. */
async function worker(smtpUrl: string | undefined, log = pino({ level: "silent" })) {
  const jobs = await startJobs(db, log, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
  running.push(jobs);
  await startMailWorker(jobs, db, createMailTransport({ smtpUrl }), log);
  return jobs;
}

async function rowOf(to: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.to, to));
  return row;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A port with nothing listening on it (yet). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("the mail outbox", () => {
  it("a mail queued in a transaction that rolls back is neither kept nor sent", async () => {
    await expect(
      db.transaction(async (tx) => {
        await queueMail(tx, database.jobs, mail("rolled-back@example.com", "Never"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rowOf("rolled-back@example.com")).toBeUndefined();
  });

  it("a mail committed while no worker runs (a crash right after commit) is sent once a worker starts, once, by one of two workers", async () => {
    const catcher = await startMailCatcher();
    try {
      await db.transaction((tx) => queueMail(tx, database.jobs, mail("after-crash@example.com", "Your East Harlem order EH-1")));
      expect(await rowOf("after-crash@example.com")).toMatchObject({ status: "pending", attempts: 0 });
      await Promise.all([worker(catcher.url), worker(catcher.url)]);
      await catcher.waitFor("after-crash@example.com", /EH-1/);
      const row = await until(() => rowOf("after-crash@example.com"), (r) => r?.status === "sent");
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
      await new Promise((r) => setTimeout(r, 1500));
      expect(catcher.mails.filter((m) => m.to.includes("after-crash@example.com"))).toHaveLength(1);
    } finally {
      for (const jobs of running.splice(0)) await jobs.stop();
      await catcher.close();
    }
  });

  it("a mail's extra headers and attachments reach the SMTP server as they were queued", async () => {
    const catcher = await startMailCatcher();
    try {
      const calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";
      await db.transaction((tx) =>
        queueMail(tx, database.jobs, {
          ...mail("with-files@example.com", "Your tickets"),
          headers: { "List-Unsubscribe": "<http://store.test/u/abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
          attachments: [{ filename: "event.ics", contentType: "text/calendar", contentBase64: Buffer.from(calendar).toString("base64") }],
        }),
      );
      await worker(catcher.url);
      const caught = await catcher.waitFor("with-files@example.com", /Your tickets/);
      expect(caught.headers["list-unsubscribe"]).toBe("<http://store.test/u/abc>");
      expect(caught.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(caught.attachments).toHaveLength(1);
      expect(caught.attachments[0]).toMatchObject({ filename: "event.ics", contentType: "text/calendar" });
      expect(Buffer.from(caught.attachments[0]!.contentBase64, "base64").toString()).toBe(calendar);
    } finally {
      for (const jobs of running.splice(0)) await jobs.stop();
      await catcher.close();
    }
  });

  it("an SMTP server that is down is tried again with backoff, and the mail arrives once it is up", async () => {
    const port = await closedPort();
    await worker(`smtp://127.0.0.1:${port}`);
    try {
      await queueMail(db, database.jobs, mail("retry@example.com", "Verify your email address"));
      const failed = await until(() => rowOf("retry@example.com"), (r) => (r?.attempts ?? 0) >= 1 && r?.status === "pending");
      expect(failed).toMatchObject({ status: "pending" });
      expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
      const catcher = await startMailCatcher({ port });
      try {
        await catcher.waitFor("retry@example.com", /Verify your email/);
        const sent = await until(() => rowOf("retry@example.com"), (r) => r?.status === "sent");
        expect(sent!.attempts).toBeGreaterThanOrEqual(2);
        expect(sent!.lastError).toBeNull();
      } finally {
        await catcher.close();
      }
    } finally {
      for (const jobs of running.splice(0)) await jobs.stop();
    }
  });

  it("without SMTP_URL the mail stays in the outbox and the log names the recipient and subject, never the body", async () => {
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    await worker(undefined, log);
    try {
      await queueMail(db, database.jobs, mail("kept@example.com", "Reset your password"));
      const row = await until(() => rowOf("kept@example.com"), (r) => r?.status === "kept");
      expect(row).toMatchObject({ status: "kept", sentAt: null });
      const said = lines.join("");
      expect(said).toContain("kept@example.com");
      expect(said).toContain("Reset your password");
      expect(said).not.toContain("Secret link");
      expect(said).not.toContain("/reset/abc");
    } finally {
      for (const jobs of running.splice(0)) await jobs.stop();
    }
  });
});
