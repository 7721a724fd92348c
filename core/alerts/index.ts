// The alerts module's face ("Notify me", ADR 0032): other code imports it from here only (rules.ts and
// inputs.ts, free of the database, may also be imported by browser-bound UI code).
export { alertsField, ALERT_THROTTLE, passBudget, RESTOCK_ALERT_RATIO, RESTOCK_PASS_INTERVAL_MS } from "./rules.ts";
export { alertEmail, notifyFormSchema, stopTokenSchema, type NotifyForm } from "./inputs.ts";
export { AlertError } from "./errors.ts";
export { restockAlertMail, stopUrl } from "./mail.ts";
export { countWaiting, findStopTarget, waitingLine } from "./queries.ts";
export { runRestockPass, scheduleDropAlerts, scheduleReactivationPass, stopAlerts, subscribeToAlert, type AlertDeps, type PassResult } from "./commands.ts";
