// Pure "Notify me" rules: no database, no node-only modules (the product page's form imports this file).

import { fieldTextsOf } from "../shared/text.ts";

/**
 * How many subscribers one unit of stock that came back may wake per pass: 5 units mail the 10 oldest
 * sign-ups, not the 10,000 in line (ADR 0032). Some who are mailed will not buy, so a little more than one.
 */
export const RESTOCK_ALERT_RATIO = 2;

/** The wait between two passes over one product while people are still in line and stock is still there. */
export const RESTOCK_PASS_INTERVAL_MS = 10 * 60_000;

/** Sign-ups a pass reads from the line per query. */
export const RESTOCK_LINE_CHUNK = 200;

/** "Notify me" sign-ups per client address, counted in the database so every process agrees. */
export const ALERT_THROTTLE = { limit: 20, windowMs: 60 * 60_000 } as const;
export const alertThrottleKey = (clientIp: string) => `restock-alert:client:${clientIp}`;

/** The texts of the "Notify me" form's checks and refusals: ids of the catalogue (texts/messages), worded by the doors. */
export const alertsField = fieldTextsOf({
  "account.error.emailRequired": [],
  "account.error.invalidEmail": [],
  "shop.domain.notify.badStopLink": [],
  "shop.domain.notify.badOption": [],
  "shop.domain.notify.otherAccount": [],
});

/**
 * How many more subscribers this pass may mail for some stock: `available × RESTOCK_ALERT_RATIO`, less those
 * already mailed for it within the last interval (so two passes close together, or a pass repeated after a
 * crash, never mail more than the rule allows in one interval). Never negative; nothing while stock is 0.
 */
export function passBudget(available: number, mailedInWindow: number): number {
  if (available <= 0) return 0;
  return Math.max(0, available * RESTOCK_ALERT_RATIO - mailedInWindow);
}
