import { DomainError, type HttpStatus } from "../shared/errors.ts";

export type AccountErrorCode = "accounts.user_not_found";

const STATUS = {
  "accounts.user_not_found": 404,
} as const satisfies Record<AccountErrorCode, HttpStatus>;

export class AccountError extends DomainError<AccountErrorCode> {
  get status() {
    return STATUS[this.code];
  }
}
