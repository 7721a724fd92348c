import { data, Link } from "react-router";
import { getViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/wishlist-toggle";

export type WishlistToggleResult = { ok: true; saved: boolean } | { ok: false; error: string };

export const meta: Route.MetaFunction = () => [{ title: "Wishlist | East Harlem" }, { name: "robots", content: "noindex" }];

/** Wishlists belong to accounts; a guest is told to sign in. (Saving for signed-in users lands with wishlists.) */
export async function action({ request, context }: Route.ActionArgs) {
  if (await getViewer(request, context)) throw data(null, { status: 404 });
  return data<WishlistToggleResult>({ ok: false, error: "Please log in to add items to your wishlist" }, { status: 401 });
}

export default function WishlistToggle({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl">Wishlist</h1>
      <p role="alert" className="mt-4">
        {actionData && !actionData.ok ? actionData.error : "Please log in to add items to your wishlist"}
      </p>
      <p className="mt-8 flex justify-center gap-3">
        <Link to="/login" className="rounded bg-ink px-5 py-3 font-semibold text-paper">Sign In</Link>
        <Link to="/shop" className="rounded border border-line px-5 py-3 font-semibold">Back to Shop</Link>
      </p>
    </div>
  );
}
