import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { drawRaffle, runClaimPass } from "../core/raffles/index.ts";
import type { Jobs } from "./jobs.ts";

/**
 * The raffles' workers (ADR 0035): every process runs them. The draw and each claim pass are one transaction
 * with the raffle's row locked, and do nothing when repeated, so a job run twice (a retry after a crash)
 * neither draws twice nor passes a unit on twice.
 */
export async function startRaffleWorkers(jobs: Jobs, deps: { db: Db; baseUrl: string }, log: Logger): Promise<void> {
  await jobs.work("raffle-draw", async ({ raffleId, closesAt }) => {
    const result = await drawRaffle({ ...deps, jobs: jobs.queue }, raffleId, { closesAt });
    if (result.drawn) log.info({ raffleId, winners: result.winners }, "raffle drawn");
  });
  await jobs.work("raffle-claims", async ({ raffleId }) => {
    const result = await runClaimPass({ ...deps, jobs: jobs.queue }, raffleId);
    if (result.expired + result.winners > 0 || result.finished) log.info({ raffleId, ...result }, "raffle claims passed on");
  });
}
