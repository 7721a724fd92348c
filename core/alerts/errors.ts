import { errorsOf } from "../shared/errors.ts";
import { ALERT_MESSAGES } from "./rules.ts";

export type AlertErrorCode = "alerts.rate_limited" | "alerts.product_not_found" | "alerts.bad_stop_token";

export class AlertError extends errorsOf<AlertErrorCode>({
  "alerts.rate_limited": 429,
  "alerts.product_not_found": 404,
  "alerts.bad_stop_token": 400,
}) {}

export const tooManyRequests = () => new AlertError("alerts.rate_limited", ALERT_MESSAGES.tooManyRequests);
export const productNotFound = (productId: number) => new AlertError("alerts.product_not_found", ALERT_MESSAGES.productNotFound, { productId });
export const badStopToken = () => new AlertError("alerts.bad_stop_token", ALERT_MESSAGES.badStopLink);
