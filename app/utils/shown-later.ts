import {
  PrefetchPageLinks,
  UNSAFE_RemixContext as RemixContext,
  useNavigate,
  useSubmit,
} from "@remix-run/react";
import {
  createElement,
  Fragment,
  lazy,
  Suspense,
  useContext,
  useMemo,
  useState,
  type ComponentType,
  type FormEvent,
  type LazyExoticComponent,
  type MouseEvent,
  type SyntheticEvent,
  type ReactNode,
} from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * Decision 112: a part of a page that shows only after a choice, or on an error. The server
 * renders it at once from `onServer` (a `*-render.server.ts` re-export, so its code stays out of
 * the browser build, where the import is empty); the browser loads `load()` when the part is
 * first shown and, inside the caller's `ShownLaterBoundary` (never a bare Suspense: decision
 * 126), hydrates the server's HTML once that code arrives. `onFailure`
 * is shown instead when the code cannot be fetched (the connection is gone); without it the
 * failure reaches the nearest error boundary.
 */
export function shownLater<Props extends object>(
  onServer: ComponentType<Props>,
  load: () => Promise<ComponentType<Props>>,
  onFailure?: ComponentType<Props>,
): ComponentType<Props> | LazyExoticComponent<ComponentType<Props>> {
  if (typeof document === "undefined") return onServer;
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (onFailure) return { default: onFailure };
        throw error;
      },
    ),
  );
}

/**
 * Decision 126: the Suspense boundary of a part shown later, which keeps the server's HTML (and
 * what the shopper opened, chose and typed in it) until the part's code has come. React 18 throws
 * away a boundary's HTML that gets an update outside a transition before it has hydrated, and
 * renders it afresh (error #421). Remix's <RemixBrowser> sends one on every navigation: its
 * RemixContext is a new object with the same contents, and React passes a context change into
 * every boundary still waiting for its code. Here that context is the same object for as long
 * as its contents are, and a provider of the same context stops React's walk; the router's own
 * updates are transitions, which React holds until the boundary has hydrated, and so is
 * RemixBrowser's copy of the location (scripts/patches, decision 154).
 */
export function ShownLaterBoundary({ children }: { children: ReactNode }) {
  const remix = useContext(RemixContext);
  const steady = useMemo(
    () => remix,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- its contents, not the object
    [remix?.manifest, remix?.routeModules, remix?.future, remix?.criticalCss, remix?.isSpaMode],
  );
  // The same element while the parent does not render again: this component's own render (the
  // context above changed) must not reach the boundary as new props.
  const boundary = useMemo(() => createElement(Suspense, { fallback: null }, children), [children]);
  return createElement(RemixContext.Provider, { value: steady }, boundary);
}

/** What a kept part's element holds in the browser: React never writes it while it stays so. */
const AS_SERVED = { __html: "" };

/**
 * Decision 159: a part the shopper reads, follows links in and sends plain forms from (the
 * footer's columns, the header's account links, the catalogue's filters), whose code the page
 * does not need. The server renders it from `onServer` (a `*-render.server.ts` re-export) in a
 * `display: contents` element. The browser keeps that HTML as it came and downloads none of its
 * code: React does not hydrate the children of an element rendered with
 * `dangerouslySetInnerHTML`, and does not write them again while that value stays the same.
 * Its links and forms go through the router, as a <Link> and a <Form> do; a hidden field marked
 * `data-current-page` is set to the page the form is sent from, and a link marked
 * `data-prefetch` fetches its page when pointed at or focused (a <Link prefetch="intent">), and
 * one marked `data-prevent-scroll-reset` keeps the scroll (a <Link preventScrollReset>).
 * Pointing at the part or focusing inside it starts the download of its code, which `load()` brings when the part is mounted later
 * (a navigation into its layout) or given other props, in the router's transition, which keeps
 * the page as it was until the code has come. Props must be plain data: they are compared by
 * their JSON, and only a transition may change them (a parent's own state must not).
 */
export function keptAsServed<Props extends object>(
  onServer: ComponentType<Props>,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  if (typeof document === "undefined") {
    return function Served(props: Props) {
      return createElement("div", { className: "contents" }, createElement(onServer, props));
    };
  }
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  // Typed as the component it stands for (React's types for a lazy one do not take generic props).
  const Loaded = lazy(() =>
    preload().then((component: ComponentType<Props>) => ({ default: component })),
  ) as unknown as ComponentType<Props>;
  const warm = () => void preload().catch(() => {});
  return function Kept(props: Props) {
    const hydrated = useHydrated();
    const navigate = useNavigate();
    const submit = useSubmit();
    const digest = JSON.stringify(props);
    // Hydrating, this render shows what the server sent; mounted after, there is nothing to keep.
    // Once drawn anew it never goes back: the served HTML is gone from the page by then.
    const [served, setServed] = useState(() => (hydrated ? null : digest));
    if (served !== null && served !== digest) setServed(null);
    // A link marked `data-prefetch` (a <Link prefetch="intent">) fetches its page when pointed
    // at or focused, as that <Link> would.
    const [intent, setIntent] = useState<string | null>(null);
    const reach = (event: SyntheticEvent) => {
      warm();
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (link?.hasAttribute("data-prefetch") && link.origin === window.location.origin) {
        setIntent(link.pathname + link.search);
      }
    };
    if (served === digest) {
      return createElement(
        Fragment,
        null,
        createElement("div", {
          className: "contents",
          dangerouslySetInnerHTML: AS_SERVED,
          suppressHydrationWarning: true,
          onClick: (event: MouseEvent) => followLink(event, navigate),
          onSubmit: (event: FormEvent) => sendForm(event, submit),
          onPointerDown: warm,
          onPointerOver: reach,
          onFocus: reach,
        }),
        intent ? createElement(PrefetchPageLinks, { page: intent }) : null,
      );
    }
    // No Suspense boundary of its own: one there while hydrating would lose the served HTML to
    // the first update that reached it first (React's error #421), and one mounted now would
    // show nothing. The router's transition that brought new props, or this part, waits for
    // the code instead, with the served HTML (or the page before) still on screen.
    return createElement("div", { className: "contents" }, createElement(Loaded, props));
  };
}

/** A plain click on a same-origin link inside kept HTML: a client-side navigation, as <Link>. */
function followLink(event: MouseEvent, navigate: ReturnType<typeof useNavigate>) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  if (link.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(link.pathname + link.search + link.hash, {
    preventScrollReset: link.hasAttribute("data-prevent-scroll-reset"),
  });
}

/** A form sent from kept HTML goes through the router, with its submitter, as <Form>. */
function sendForm(event: FormEvent, submit: ReturnType<typeof useSubmit>) {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
  if (form.target && form.target !== "_self") return;
  const here = window.location.pathname + window.location.search;
  for (const field of form.querySelectorAll<HTMLInputElement>("input[data-current-page]")) {
    field.value = here;
  }
  event.preventDefault();
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  submit(
    submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
      ? submitter
      : form,
  );
}
