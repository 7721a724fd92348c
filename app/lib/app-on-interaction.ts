/*
 * The page's loader script (ADR 0030), inline in every page's head. On a browse page the server leaves the
 * app's start as `<script type="text/x-app">` (app-on-interaction.server.ts); this script starts it on the
 * visitor's first sign of interaction: a mouse move, a touch, a key, a focus. Until the app is alive:
 *
 * - links navigate as plain links (the next page is server HTML too);
 * - a form sent, a button that only the app can answer (not a submit button), a link that opens a panel
 *   (`aria-haspopup`: the cart) or a link that the app turns into a control of its own (`data-app-action`:
 *   a Play link to the audio file becomes the player's button) waits for the app and is replayed once it
 *   is alive, on the element that now carries the same `data-app-action` where the first was replaced, so
 *   the visitor gets the app's answer (the cart panel, the player, "Added to your cart");
 * - what the visitor chose or typed in a form (a size, a colour, a search) is noted and, should React's
 *   first render reset it, set again through the app, before the waiting form or button is replayed;
 * - should the app not come alive within ten seconds (a network failure), a waiting form is sent and a
 *   waiting link followed the plain way, as without JavaScript.
 *
 * On every page, before the app and after it, a control that applies itself when changed (a sort, a filter,
 * a period: marked AUTO_SUBMIT) sends its form when it changes (ADR 0045). So a change that is the page's
 * first touch is a form sent like any other: held until the app is alive on a browse page, sent the plain
 * way on a page whose app is still starting. (React never sees such a change when it comes before the app:
 * the control keeps the visitor's choice through hydration and no change event is replayed.)
 *
 * Otherwise, on pages that start the app at once (no `text/x-app` script) it does nothing. The app says it
 * is alive with APP_READY_EVENT (root.tsx), after React has hydrated the page.
 */
export const APP_READY_EVENT = "app:ready";

/**
 * Spread on a select or checkbox whose form applies as soon as it changes: the loader below sends the form,
 * whether or not the app is alive yet. The form keeps a visible submit button, for a browser without
 * JavaScript.
 */
export const AUTO_SUBMIT = { "data-auto-submit": "" } as const;

const FALLBACK_MS = 10_000;

function loader(readyEvent: string, fallbackMs: number) {
  const d = document;
  const w = window as Window & { __appReady?: boolean };
  let started = false;
  let waiting: { el: HTMLElement; form: HTMLFormElement | null } | null = null;
  let letThrough = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The last form the app was sent once alive: a waiting form the replay already sent is not sent twice.
  let sent: EventTarget | null = null;
  type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  const chosen = new Map<Control, { checked: boolean; value: string }>();

  const deferred = () => d.querySelector<HTMLScriptElement>('script[type="text/x-app"]');
  const lazy = () => !w.__appReady && deferred() !== null;

  function start() {
    if (started || !lazy()) return;
    started = true;
    const messages = d.querySelector<HTMLLinkElement>('link[rel="x-preload"][data-messages]');
    if (messages) messages.rel = "preload";
    d.querySelectorAll<HTMLScriptElement>('script[type="text/x-app"]').forEach((old) => {
      const script = d.createElement("script");
      script.type = "module";
      script.nonce = old.nonce;
      script.textContent = old.textContent;
      script.onerror = sendPlain;
      d.head.appendChild(script);
    });
  }

  // The form waiting for the app goes the plain way (the app failed to come alive).
  function sendPlain() {
    const held = waiting;
    waiting = null;
    if (held?.el instanceof HTMLAnchorElement) return location.assign(held.el.href);
    if (!held?.form?.isConnected) return;
    letThrough = true;
    held.form.requestSubmit(held.el instanceof HTMLButtonElement || held.el instanceof HTMLInputElement ? held.el : null);
    letThrough = false;
  }

  function hold(el: HTMLElement, form: HTMLFormElement | null) {
    waiting = { el, form };
    start();
    clearTimeout(timer);
    if (form || el instanceof HTMLAnchorElement) timer = setTimeout(sendPlain, fallbackMs);
  }

  for (const type of ["mousemove", "pointerdown", "touchstart", "keydown", "focusin"]) {
    d.addEventListener(type, start, { capture: true, passive: true });
  }

  d.addEventListener(
    "submit",
    (event) => {
      if (w.__appReady) sent = event.target;
      if (letThrough || !lazy()) return;
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      hold((event.submitter as HTMLElement | null) ?? form, form);
    },
    true,
  );

  d.addEventListener(
    "click",
    (event) => {
      if (!lazy() || !(event.target instanceof Element)) return;
      const control = event.target.closest<HTMLElement>("button, a[aria-haspopup], a[data-app-action]");
      if (control instanceof HTMLButtonElement) {
        // A submit button sends its form (held above); a button without a form only the app can answer.
        if (control.disabled || (control.type === "submit" && control.form)) return;
      } else if (control) {
        // A link that opens a panel (the cart) or becomes the app's control (Play) waits for the app; the
        // page or file it leads to is the fallback.
        event.preventDefault();
      } else return;
      hold(control, null);
    },
    true,
  );

  const note = (event: Event) => {
    const el = event.target;
    if (!lazy() || !(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) return;
    if (el instanceof HTMLInputElement && el.type === "radio") {
      for (const other of chosen.keys()) if (other instanceof HTMLInputElement && other.type === "radio" && other.name === el.name && other.form === el.form) chosen.delete(other);
    }
    chosen.set(el, { checked: el instanceof HTMLInputElement && el.checked, value: el.value });
  };
  d.addEventListener("input", note, true);
  d.addEventListener("change", note, true);

  // A control that applies itself sends its form (held above while the app is not alive).
  d.addEventListener("change", (event) => {
    const el = event.target;
    if ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && el.hasAttribute("data-auto-submit") && el.form) el.form.requestSubmit();
  });

  // What the visitor chose, set again through the app where its first render reset it: one choice per
  // task, since the app redraws after each (a size limits the colours) and may reset the next one.
  function restoreChoices(then: () => void) {
    const next = chosen.entries().next();
    if (next.done) return then();
    const [el, was] = next.value;
    chosen.delete(el);
    if (el.isConnected) {
      if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")) {
        if (el.checked !== was.checked) el.click();
      } else if (el.value !== was.value) {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set?.call(el, was.value);
        el.dispatchEvent(new Event("input", { bubbles: true }));
        el.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
    settled(() => restoreChoices(then));
  }

  // After the app's pending redraws: the next frame, then the task after it.
  function settled(then: () => void) {
    requestAnimationFrame(() => setTimeout(then, 0));
  }

  w.addEventListener(readyEvent, () => {
    clearTimeout(timer);
    const held = waiting;
    waiting = null;
    sent = null;
    settled(() =>
      restoreChoices(() => {
        if (!held) return;
        const action = held.el.getAttribute("data-app-action");
        const el = held.el.isConnected || !action ? held.el : d.querySelector<HTMLElement>(`[data-app-action="${CSS.escape(action)}"]`);
        if (el?.isConnected && el !== held.form) el.click();
        else if (held.form?.isConnected && sent !== held.form) held.form.requestSubmit();
      }),
    );
  });
}

/** The loader as inline script text (it runs before the app, so it is plain script, not a module). */
export const APP_LOADER_SCRIPT = `(${loader.toString()})(${JSON.stringify(APP_READY_EVENT)},${FALLBACK_MS});`;

/** Called once React has hydrated the page: the loader replays what waited for the app. */
export function announceAppReady(): void {
  (window as Window & { __appReady?: boolean }).__appReady = true;
  window.dispatchEvent(new Event(APP_READY_EVENT));
}
