import { redirect } from "react-router";
import { signOut } from "../lib/accounts.server.ts";
import { readForm } from "../lib/form.server.ts";
import type { Route } from "./+types/logout";

/** Signing out is a form post from the store's own pages (the HTTP layer refuses other sites' posts). */
export async function action({ request, context }: Route.ActionArgs) {
  await readForm(request);
  return signOut(request, context);
}

/** Following a link to /logout signs nobody out: a GET never changes state. */
export function loader() {
  return redirect("/");
}
