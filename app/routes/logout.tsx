import { redirect } from "react-router";
import { signOut } from "../lib/accounts.server.ts";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

export function loader() {
  return redirect("/");
}
