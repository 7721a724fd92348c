// The admin module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { CRITICAL_ALERTS_LIMIT, getAdminStats } from "./queries.ts";
