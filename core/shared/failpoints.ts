/**
 * Crash points for the crash tests: STORE_CRASH_AT="checkout.after_charge" (or "name:3" for the third time
 * it is reached) makes this process kill itself with SIGKILL at that point, as a power cut or an OOM kill
 * would, so a test can prove that money and stock survive it. Unset (always, outside those tests), every
 * crash point is a no-op.
 */
const armed = new Map<string, number>();
for (const entry of (process.env.STORE_CRASH_AT ?? "").split(",")) {
  const [name, nth] = entry.trim().split(":");
  if (name) armed.set(name, Math.max(1, Number(nth) || 1));
}

export type CrashPoint =
  | "checkout.after_charge"
  | "checkout.during_settle"
  | "checkout.before_refund_recorded"
  // Sign-up's steps, in order: the user written (not its password), the password written (not the session),
  // the identity library done (user, password, session, verification mail), the store's part written too
  // (profile, role, cart), the whole committed (not yet answered).
  | "accounts.sign_up.after_user"
  | "accounts.sign_up.after_password"
  | "accounts.sign_up.after_identity"
  | "accounts.sign_up.after_profile"
  | "accounts.sign_up.after_commit";

export function crashPoint(name: CrashPoint): void {
  const left = armed.get(name);
  if (left === undefined) return;
  if (left > 1) {
    armed.set(name, left - 1);
    return;
  }
  process.kill(process.pid, "SIGKILL");
}
