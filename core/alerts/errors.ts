import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type AlertErrorCode = "alerts.rate_limited" | "alerts.product_not_found" | "alerts.bad_stop_token";

export class AlertError extends errorsOf<AlertErrorCode>({
  "alerts.rate_limited": 429,
  "alerts.product_not_found": 404,
  "alerts.bad_stop_token": 400,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const alertsText = textsOf({
  "shop.domain.notify.tooMany": [],
  "shop.domain.notify.productNotFound": [],
  "shop.domain.notify.badStopLink": [],
});

export const tooManyRequests = () => new AlertError("alerts.rate_limited", alertsText("shop.domain.notify.tooMany"));
export const productNotFound = (productId: number) => new AlertError("alerts.product_not_found", alertsText("shop.domain.notify.productNotFound"), { productId });
export const badStopToken = () => new AlertError("alerts.bad_stop_token", alertsText("shop.domain.notify.badStopLink"));
