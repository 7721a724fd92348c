import { errorsOf } from "../shared/errors.ts";

export type AccountErrorCode = "accounts.user_not_found" | "accounts.session_not_found";

export class AccountError extends errorsOf<AccountErrorCode>({
  "accounts.user_not_found": 404,
  "accounts.session_not_found": 404,
}) {}
