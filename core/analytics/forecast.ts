/**
 * Sales forecasting and restock advice: pure functions on daily series, no database.
 *
 * The model is additive Holt-Winters (triple exponential smoothing) with a 7-day season, the classic
 * choice for daily retail sales whose weekly rhythm adds to a level that drifts. Written here rather
 * than taken from a package: the algorithm is a few lines, and no small, maintained TypeScript library
 * fits both the model and the prediction interval we want to show.
 *
 * For a series y_1..y_n with season length m = 7 and smoothing weights alpha, beta, gamma in [0, 1]:
 *
 *   one-step forecast   ŷ_t = L_{t-1} + T_{t-1} + S_{t-m}
 *   level               L_t = alpha (y_t - S_{t-m}) + (1 - alpha)(L_{t-1} + T_{t-1})
 *   trend               T_t = beta (L_t - L_{t-1}) + (1 - beta) T_{t-1}
 *   season              S_t = gamma (y_t - L_t) + (1 - gamma) S_{t-m}
 *   h steps ahead       ŷ_{n+h} = L_n + h T_n + S_{n - m + ((h - 1) mod m) + 1}
 *
 * Start values come from the first seasons: L = mean of the first week, T = (mean of week 2 - mean of
 * week 1) / m, and S_i = the average, over the first (up to four) whole weeks, of y minus that week's
 * mean. The weights are chosen by a small grid search minimising the sum of squared one-step errors
 * e_t = y_t - ŷ_t over the weeks after the first.
 *
 * Prediction interval (Hyndman et al., "Forecasting with Exponential Smoothing", 2008, class 1 models,
 * ETS(A,A,A) written in error-correction form): with σ² the mean squared one-step error,
 *
 *   Var(y_{n+h} - ŷ_{n+h}) = σ² (1 + Σ_{j=1}^{h-1} c_j²),   c_j = alpha (1 + j beta) + gamma (1 - alpha) [j mod m = 0]
 *
 * and the 95% interval is ŷ ± 1.96 sqrt(Var). Sales are never negative, so forecasts and lower bounds
 * are clamped at zero.
 */

export const SEASON_DAYS = 7;
/** Four whole weeks: fewer, and the weekly pattern is guessed from too few examples of each weekday. */
export const MIN_HISTORY_DAYS = 28;
/** The backtest hides the last two weeks, forecasts them from the rest, and compares. */
export const BACKTEST_DAYS = 14;
const Z_95 = 1.96;

export interface SmoothingWeights {
  alpha: number;
  beta: number;
  gamma: number;
}

export interface ForecastPoint {
  /** Days after the last day of history (1 = the first forecast day). */
  step: number;
  value: number;
  lower: number;
  upper: number;
}

export interface Backtest {
  /** Mean absolute percentage error over held-out days with non-zero sales, in per cent (one decimal); null when every held-out day was zero. */
  mape: number | null;
  /** Held-out days that fell inside the 95% interval, in per cent. */
  coverage: number;
  days: number;
}

export type ForecastResult =
  | { kind: "not_enough_history"; days: number; neededDays: number }
  | {
      kind: "forecast";
      weights: SmoothingWeights;
      /** Standard deviation of the one-step errors on the history. */
      sigma: number;
      points: ForecastPoint[];
      /** Null when the history is too short to hold two weeks out and still fit on four. */
      backtest: Backtest | null;
    };

interface Fit {
  weights: SmoothingWeights;
  level: number;
  trend: number;
  /** The last m seasonal terms, oldest first: season[i] belongs to day n - m + 1 + i. */
  season: number[];
  sse: number;
  residuals: number;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Runs the recursions over the series with given weights (series.length >= 2m). */
export function fitWith(series: readonly number[], weights: SmoothingWeights, m = SEASON_DAYS): Fit {
  const { alpha, beta, gamma } = weights;
  const weeks = Math.min(4, Math.floor(series.length / m));
  const first = mean(series.slice(0, m));
  let level = first;
  let trend = (mean(series.slice(m, 2 * m)) - first) / m;
  const season = Array.from({ length: m }, (_, i) => {
    let sum = 0;
    for (let w = 0; w < weeks; w++) sum += series[w * m + i]! - mean(series.slice(w * m, (w + 1) * m));
    return sum / weeks;
  });
  let sse = 0;
  let residuals = 0;
  // season is a ring: index t mod m holds S_{t-m} when day t is about to be read.
  for (let t = m; t < series.length; t++) {
    const y = series[t]!;
    const s = season[t % m]!;
    const predicted = level + trend + s;
    sse += (y - predicted) ** 2;
    residuals++;
    const previousLevel = level;
    level = alpha * (y - s) + (1 - alpha) * (level + trend);
    trend = beta * (level - previousLevel) + (1 - beta) * trend;
    season[t % m] = gamma * (y - level) + (1 - gamma) * s;
  }
  const n = series.length;
  // Reorder the ring so season[i] is the term of day n - m + i (0-based days).
  const ordered = Array.from({ length: m }, (_, i) => season[(n - m + i) % m]!);
  return { weights, level, trend, season: ordered, sse, residuals };
}

const ALPHAS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7];
const BETAS = [0, 0.02, 0.05, 0.1, 0.2];
const GAMMAS = [0.05, 0.1, 0.2, 0.3, 0.5];

/** The weights of the grid with the least one-step squared error (150 fits: cheap for a year of days). */
export function fitHoltWinters(series: readonly number[], m = SEASON_DAYS): Fit {
  let best: Fit | null = null;
  for (const alpha of ALPHAS)
    for (const beta of BETAS)
      for (const gamma of GAMMAS) {
        const fit = fitWith(series, { alpha, beta, gamma }, m);
        if (!best || fit.sse < best.sse) best = fit;
      }
  return best!;
}

/** Point forecasts and 95% intervals for 1..horizon days after the series, clamped at zero. */
export function project(fit: Fit, horizon: number, m = SEASON_DAYS): { points: ForecastPoint[]; sigma: number } {
  const { alpha, beta, gamma } = fit.weights;
  const sigma = fit.residuals > 0 ? Math.sqrt(fit.sse / fit.residuals) : 0;
  const points: ForecastPoint[] = [];
  let sumC2 = 0;
  for (let h = 1; h <= horizon; h++) {
    if (h > 1) {
      const j = h - 1;
      const c = alpha * (1 + j * beta) + (j % m === 0 ? gamma * (1 - alpha) : 0);
      sumC2 += c * c;
    }
    const raw = fit.level + h * fit.trend + fit.season[(h - 1) % m]!;
    const half = Z_95 * sigma * Math.sqrt(1 + sumC2);
    points.push({ step: h, value: Math.max(0, raw), lower: Math.max(0, raw - half), upper: Math.max(0, raw + half) });
  }
  return { points, sigma };
}

/** Mean absolute percentage error over the days whose actual value is not zero (in per cent), or null. */
export function mape(actual: readonly number[], predicted: readonly number[]): number | null {
  let sum = 0;
  let count = 0;
  actual.forEach((a, i) => {
    if (a === 0) return;
    sum += Math.abs(a - predicted[i]!) / Math.abs(a);
    count++;
  });
  return count === 0 ? null : Math.round((sum / count) * 1000) / 10;
}

/** Fits on all but the last `days`, forecasts them, and measures the error; null when too short. */
export function backtest(series: readonly number[], days = BACKTEST_DAYS): Backtest | null {
  if (series.length - days < MIN_HISTORY_DAYS) return null;
  const train = series.slice(0, series.length - days);
  const held = series.slice(series.length - days);
  const { points } = project(fitHoltWinters(train), days);
  const inside = held.filter((a, i) => a >= points[i]!.lower && a <= points[i]!.upper).length;
  return { mape: mape(held, points.map((p) => p.value)), coverage: Math.round((inside / days) * 1000) / 10, days };
}

/**
 * The forecast of a daily series (oldest first, no gaps) for `horizon` days, or why there is none.
 * `withBacktest: false` skips the backtest (a second fit) when only the forecast is wanted.
 */
export function forecastDaily(series: readonly number[], horizon: number, { withBacktest = true } = {}): ForecastResult {
  if (series.length < MIN_HISTORY_DAYS) return { kind: "not_enough_history", days: series.length, neededDays: MIN_HISTORY_DAYS };
  const fit = fitHoltWinters(series);
  const { points, sigma } = project(fit, horizon);
  return { kind: "forecast", weights: fit.weights, sigma, points, backtest: withBacktest ? backtest(series) : null };
}

/** How a variant's rate of sale was estimated. */
export type RateMethod = "holt_winters" | "recent_average";

export interface RestockInput {
  available: number;
  /** Forecast units sold per day. */
  ratePerDay: number;
  leadTimeDays: number;
  /** Days of sales a reorder should cover after it arrives. */
  reviewDays: number;
  today: string;
}

export interface RestockAdvice {
  /** Days the available stock lasts at the rate (one decimal); null when nothing sells. */
  daysOfCover: number | null;
  /** The last day to order so the stock arrives before it runs out (today when that day has passed); null when nothing sells. */
  reorderBy: string | null;
  /** Units to order: enough for the lead time and the review period, less what is available (whole units, at least 0). */
  reorderQuantity: number;
  /** Cover shorter than the lead time, or already out of stock: order now. */
  reorderNow: boolean;
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * cover = available / rate; reorder by = today + floor(cover - lead time) (never before today);
 * quantity = ceil(rate x (lead time + review period) - available), at least 0;
 * flagged when cover < lead time, or when nothing is available.
 */
export function restockAdvice({ available, ratePerDay, leadTimeDays, reviewDays, today }: RestockInput): RestockAdvice {
  const stock = Math.max(0, available);
  const reorderQuantity = Math.max(0, Math.ceil(ratePerDay * (leadTimeDays + reviewDays) - stock - 1e-9));
  if (ratePerDay <= 0) return { daysOfCover: null, reorderBy: null, reorderQuantity, reorderNow: stock === 0 };
  const cover = stock / ratePerDay;
  const slack = Math.floor(cover - leadTimeDays);
  return {
    daysOfCover: Math.round(cover * 10) / 10,
    reorderBy: addDays(today, Math.max(0, slack)),
    reorderQuantity,
    reorderNow: stock === 0 || cover < leadTimeDays,
  };
}
