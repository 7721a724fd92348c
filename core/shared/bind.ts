/** A core function with its first parameter (the database, or the services it runs with) taken away: what a door calls. */
type Bound<F, D> = F extends (first: D, ...rest: infer A) => infer R ? (...rest: A) => R : never;

export type BoundTo<T, D> = { readonly [K in keyof T]: Bound<T[K], D> };

/**
 * Core's functions bound once to what they run with (core/use-cases): each keeps its name and its other
 * parameters, so a door calls `useCases.cart.addToCart(cartId, input)` and never holds the database.
 */
export function bindTo<D, T extends Record<string, (first: D, ...rest: never[]) => unknown>>(first: D, fns: T): BoundTo<T, D> {
  const bound: Record<string, (...rest: never[]) => unknown> = {};
  for (const [name, fn] of Object.entries(fns)) bound[name] = (...rest: never[]) => fn(first, ...rest);
  return bound as BoundTo<T, D>;
}

/** The parameters between the first and the last (an optional last one counts). */
type Between<P extends unknown[]> = Required<P> extends [unknown, ...infer M, unknown] ? M : never;

export type BoundAround<T> = { readonly [K in keyof T]: T[K] extends (...args: infer P) => infer R ? (...args: Between<P>) => R : never };

/**
 * Core's functions bound to what they run with and to the service they take last (the job queue their
 * follow-ups go through): a door calls `useCases.admin.createProduct(actor, form)` and never holds either.
 * Every parameter between is required, so the last always lands in its place.
 */
export function bindAround<D, L, T extends Record<string, (first: D, ...rest: never[]) => unknown>>(first: D, last: L, fns: T): BoundAround<T> {
  const bound: Record<string, (...rest: unknown[]) => unknown> = {};
  for (const [name, fn] of Object.entries(fns)) bound[name] = (...rest: unknown[]) => (fn as (...args: unknown[]) => unknown)(first, ...rest, last);
  return bound as unknown as BoundAround<T>;
}
