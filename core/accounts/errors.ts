import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type AccountErrorCode = "accounts.user_not_found" | "accounts.session_not_found";

export class AccountError extends errorsOf<AccountErrorCode>({
  "accounts.user_not_found": 404,
  "accounts.session_not_found": 404,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const accountsText = textsOf({
  "api.domain.sessionNotFound": [],
  "account.domain.noAccountWithEmail": ["email"],
});

