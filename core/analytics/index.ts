// The analytics module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code).
export { addDays, conversionTone, DEFAULT_RETENTION_MONTHS, percentChange, periodRange, previousRange, PRODUCT_SORTS, storeDay, type DayRange, type ProductSort } from "./rules.ts";
export { analyticsQuerySchema, DEFAULT_LEAD_TIME_DAYS, eventSchema, leadTimeSchema, type AnalyticsEvent, type AnalyticsQuery, type EventInput } from "./inputs.ts";
export { ensureEventPartitions, pruneEvents, recordEvents, rollupDay, rollupDirtyDays, setEventRecording, writeEventBatch } from "./commands.ts";
export { getOverview, getSales, type Kpi, type Overview, type Sales } from "./queries.ts";
export { getFunnel, type FunnelStep } from "./funnel.ts";
export { getProductTable, type ProductRow } from "./product-table.ts";
export { BACKTEST_DAYS, MIN_HISTORY_DAYS, type Backtest, type ForecastPoint, type ForecastResult, type RateMethod } from "./forecast.ts";
export { FORECAST_HORIZON_DAYS, forecastTotal, getRestockAdvice, getSalesForecast, RESTOCK_PAGE_SIZE, REVIEW_PERIOD_DAYS, type RestockAdviceList, type RestockRow, type SalesForecast } from "./predictions.ts";
export { EventRecorder } from "./recorder.ts";
export type { PageEvent, Visit } from "./visit.ts";
