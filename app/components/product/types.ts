/** `saved` is the heart's state after the answer (a duplicate means it is saved already); `signIn`: a guest's press. */
export type WishlistToggleResult =
  | { ok: true; saved: boolean; message: string }
  | { ok: false; error: string; saved?: boolean; back?: string; signIn?: true };
