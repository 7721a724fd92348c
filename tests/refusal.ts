import { isDomainError } from "../core/shared/errors.ts";

/** What a refused command tells the shopper: its code, HTTP status and message. Throws if it was not refused. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}
