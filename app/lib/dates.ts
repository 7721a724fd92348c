/** Dates in the store's own time, in both languages: the rule is pure and lives in core/shared, where the mails use it too. */
export { isoString, storeDate, storeDateTime, storeTime, storeWeekdayDate } from "../../core/shared/dates.ts";
