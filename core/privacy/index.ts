// The privacy module's face: other code imports it from here only. What the store holds about an
// account, handed to that account (the data export in Settings).
export { exportAccountData, type AccountExport } from "./commands.ts";
export { collectAccountData, type AccountData, type ExportSummary } from "./queries.ts";
